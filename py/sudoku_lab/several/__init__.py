"""A run on several workers (docs/design.md, "Glossary" and "Worker messages"): one run of one
solver spread over several processes natively or Web Workers in the page, meeting at barriers."""
