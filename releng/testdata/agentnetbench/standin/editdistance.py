"""Stands in for the editdistance package (not in Debian): Levenshtein distance between two sequences."""


def eval(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(current[j - 1] + 1, previous[j] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[len(b)]
