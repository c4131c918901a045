"""The one home of the mask helpers (sudoku_lab.bits), held to plain Python integers."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_lab import bits

masks36 = st.lists(st.integers(1, (1 << 36) - 1), min_size=1, max_size=40)


@pytest.mark.parametrize("N", [4, 9, 16, 25, 36])
def test_full_mask_holds_every_value_and_no_more(N):
    full = bits.full_mask(N)
    assert bin(full).count("1") == N and full >> N == 0


def test_digit_bits_maps_digits_to_their_bit_and_empty_to_nothing():
    digits = np.array([[0, 1, 2], [9, 16, 36]], dtype=np.int8)
    out = bits.digit_bits(digits)
    assert out.dtype == np.int64 and out.shape == digits.shape
    assert out.tolist() == [[0, 1, 2], [1 << 8, 1 << 15, 1 << 35]]


@given(masks36)
def test_popcount_counts_the_values_of_each_mask(ms):
    assert bits.popcount(np.array(ms, dtype=np.int64)).tolist() == [bin(m).count("1") for m in ms]


@given(masks36)
def test_lowest_index_is_the_smallest_value_minus_one(ms):
    expected = [(m & -m).bit_length() - 1 for m in ms]
    assert bits.lowest_index(np.array(ms, dtype=np.int64)).tolist() == expected


def test_lowest_index_of_a_single_is_its_value_minus_one_up_to_36():
    singles = np.array([1 << v for v in range(36)], dtype=np.int64)
    assert bits.lowest_index(singles).tolist() == list(range(36))
    assert bits.is_single(singles).all()


def test_is_single_refuses_empty_and_several_values():
    assert bits.is_single(np.array([0, 3, 4, (1 << 35) | 1], dtype=np.int64)).tolist() == [False, False, True, False]


@given(masks36)
def test_to_bools_and_from_bools_are_inverse(ms):
    m = np.array(ms, dtype=np.int64)
    held = bits.to_bools(m, 36)
    assert held.shape == (len(ms), 36)
    assert [[v for v in range(36) if row[v]] for row in held] == [[v for v in range(36) if m_ >> v & 1] for m_ in ms]
    assert bits.from_bools(held).tolist() == ms
