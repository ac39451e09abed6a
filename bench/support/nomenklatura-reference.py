"""Scores labelled pairs with OpenSanctions' nomenklatura matchers (docs/watchlists.md,
"Beside an independent matcher"). Run by bench/support/nomenklatura-reference.ts inside the
virtualenv it creates under .tools/; a benchmark dependency, never a runtime one.

Usage: python nomenklatura-reference.py PAIRS.jsonl ALGORITHM [ALGORITHM...]
Each input line: {"id", "query": FtM entity dict, "candidate": FtM entity dict}.
Prints one JSON document: the package versions and, per algorithm, the scores in input order
and the seconds spent in compare() alone (entities are built before the clock starts).
"""

import json
import sys
import time
from importlib.metadata import version

from followthemoney import model
from nomenklatura.matching import get_algorithm


def make(data):
    entity = model.make_entity(data["schema"])
    entity.id = data["id"]
    for prop, values in data["properties"].items():
        for value in values:
            entity.add(prop, value)
    return entity


def main():
    path, names = sys.argv[1], sys.argv[2:]
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    pairs = [(make(r["query"]), make(r["candidate"])) for r in rows]
    out = {
        "versions": {p: version(p) for p in ("nomenklatura", "followthemoney", "rigour")},
        "pairs": len(pairs),
        "algorithms": {},
    }
    for name in names:
        algorithm = get_algorithm(name)
        if algorithm is None:
            raise SystemExit(f"no nomenklatura algorithm named {name}")
        config = algorithm.default_config()
        # Warm-up: the first comparisons load rigour's name and transliteration tables.
        for query, candidate in pairs[:50]:
            algorithm.compare(query, candidate, config)
        started = time.perf_counter()
        scores = [algorithm.compare(q, c, config).score for q, c in pairs]
        seconds = time.perf_counter() - started
        out["algorithms"][name] = {"seconds": seconds, "scores": scores}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
