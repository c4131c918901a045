// What a Start that continues a stopped experiment says (run.js shows it as a notice). Pure.

// What a Start that continues a stopped experiment says.
export const continuesSaid = (kept, total) => `Start continues the stopped experiment: its ${kept} ended ` +
  `run${kept === 1 ? "" : "s"} of ${total} are kept, and the ${total - kept} left run now. Change any setting to start it afresh.`;
