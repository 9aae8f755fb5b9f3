"""kits.codes.look_alikes: the k first words of the full look-alike ranking (same length first, longest
shared beginning, most letters in place, then the random order), computed here by sorting every word."""

import numpy as np

from tracegen.kits.codes import WORDS, look_alikes


def ranked(rng, word, k, same_length):
    others = [w for w in WORDS if w != word and abs(len(w) - len(word)) <= 1]
    noise = rng.permutation(len(others))

    def prefix(w):
        n = 0
        while n < min(len(w), len(word)) and w[n] == word[n]:
            n += 1
        return n

    order = sorted(range(len(others)), key=lambda i: (len(others[i]) != len(word), -prefix(others[i]),
                                                       -sum(a == b for a, b in zip(others[i], word)), noise[i]))
    out = [others[i] for i in order if not same_length or len(others[i]) == len(word)]
    return out[:k]


def test_look_alikes_are_the_head_of_the_full_ranking():
    pick = np.random.default_rng(2)
    for t in range(300):
        word = WORDS[int(pick.integers(len(WORDS)))]
        k, same = int(pick.integers(1, 6)), bool(t % 2)
        a, b = np.random.default_rng(t), np.random.default_rng(t)
        assert look_alikes(a, word, k, same_length=same) == ranked(b, word, k, same)
        assert a.random() == b.random()   # the same draws consumed
