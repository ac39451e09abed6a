#!/usr/bin/env python3
"""Export the company legal forms of OpenSanctions' `rigour` into domain/watchlists/legal-forms.json.

The name matcher reads that committed file (domain/watchlists/legal-forms.ts), never python nor the
network: re-run this script to take a newer rigour release, review the diff, and bump the matcher's
minor version (docs/watchlists.md, "Legal forms").

    python3 scripts/export-legal-forms.py [--source PATH_OR_URL] [--version TAG]

`--source` defaults to rigour's `resources/names/org_types.yml` at the pinned tag on GitHub (the
data the PyPI package `rigour` compiles into its Rust core, where it cannot be read back). Needs
PyYAML.
"""
import argparse
import json
import pathlib
import re
import unicodedata
import urllib.request

import yaml

PINNED_VERSION = "v2.2.3"
SOURCE_URL = "https://raw.githubusercontent.com/opensanctions/rigour/{version}/resources/names/org_types.yml"

# rigour's `generic` tags of company legal forms. The others (SOE state enterprises, NGO, FIN,
# REL, MIL, COOP, JV and untagged types) describe what an organization is ("Ministry",
# "Foundation", "Cooperation"): words a listed name is often made of, never to be dropped from it.
COMPANY_GENERICS = ["LLC", "JSC", "LLP", "LP", "GP", "SP"]

# rigour aliases the matcher does not take, written in Latin letters: ordinary words of the names it
# screens, which would vanish from a company's name ("Pão de Açúcar", "Yu Hua Trading", "Made in").
# In Cyrillic letters АО and ПАО stay forms.
EXCLUDED_LATIN_ALIASES = {"ao": "Portuguese 'ao'", "pao": "Portuguese 'pão'", "in": "English 'in' (a misspelled 'Inc')", "yu": "a Chinese name syllable"}

# Forms the matcher has always treated as forms that rigour lists only inside longer compounds
# ("Pty Ltd", "Sdn Bhd") or not at all; each is tagged in rigour's generic vocabulary where one fits.
ADDITIONS = [
    {"generic": "LLC", "why": "one-word spellings rigour lists only in compounds, or in Cyrillic only",
     "aliases": ["OOO", "Pty", "Bhd", "Sdn", "EIRELI", "SLU", "SL", "FZE", "FZC", "WLL", "BVBA"]},
    {"generic": "LLC", "why": "the US corporation, the family of rigour's Inc.", "aliases": ["Corp", "Corporation"]},
    {"generic": "JSC", "why": "share companies rigour lists only in compounds", "aliases": ["PJSC", "AB", "ASA", "KK"]},
    {"generic": "LLP", "why": "the English limited liability partnership", "aliases": ["LLP"]},
    {"generic": "GP", "why": "French and Italian general partnerships", "aliases": ["SNC", "SS"]},
    {"generic": "CO", "why": "'company' words: a form rather than a name, and no legal form of their own", "aliases": ["Co", "Company", "Cia", "Companhia", "Compania", "Cie"]},
    {"generic": "SIZE", "why": "Brazilian size qualifiers: not a form in law, but never a name either", "aliases": ["ME", "EPP", "MEI"]},
    {"generic": "EST", "why": "Gulf establishments", "aliases": ["Est", "Establishment"]},
    {"generic": "LLC", "why": "Russian forms written in Cyrillic", "aliases": ["ООО"]},
    {"generic": "JSC", "why": "Russian forms written in Cyrillic", "aliases": ["АО", "ПАО", "ОАО", "ЗАО"]},
    {"generic": "SP", "why": "Russian forms written in Cyrillic", "aliases": ["ИП"]},
    {"generic": "NGO", "why": "Russian forms written in Cyrillic", "aliases": ["НКО"]},
]


def excluded(alias: str) -> bool:
    folded = "".join(c for c in unicodedata.normalize("NFKD", alias) if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "", folded) in EXCLUDED_LATIN_ALIASES and all(ord(c) < 0x250 for c in folded)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", default=PINNED_VERSION)
    parser.add_argument("--source", default=None, help="a local org_types.yml or a URL (default: the pinned tag on GitHub)")
    parser.add_argument("--out", default=str(pathlib.Path(__file__).resolve().parent.parent / "domain" / "watchlists" / "legal-forms.json"))
    args = parser.parse_args()
    source = args.source or SOURCE_URL.format(version=args.version)
    if source.startswith("http"):
        with urllib.request.urlopen(source) as response:
            text = response.read().decode("utf-8")
    else:
        text = pathlib.Path(source).read_text(encoding="utf-8")
    types = yaml.safe_load(text)["types"]
    forms = []
    for spec in types:
        generic = spec.get("generic")
        if generic not in COMPANY_GENERICS:
            continue
        aliases = sorted({str(a).strip() for a in spec.get("aliases", []) if str(a).strip() and not excluded(str(a))})
        if aliases:
            forms.append({"generic": generic, "display": spec.get("display") or spec.get("compare") or aliases[0], "aliases": aliases})
    forms.sort(key=lambda f: (f["generic"], f["display"], f["aliases"]))
    out = {
        "source": {"dataset": "OpenSanctions rigour, resources/names/org_types.yml", "version": args.version, "url": SOURCE_URL.format(version=args.version), "license": "MIT"},
        "generics": COMPANY_GENERICS,
        "excluded_latin_aliases": EXCLUDED_LATIN_ALIASES,
        "forms": forms,
        "additions": ADDITIONS,
    }
    pathlib.Path(args.out).write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(forms)} rigour types, {sum(len(f['aliases']) for f in forms)} aliases, {len(ADDITIONS)} additions")


if __name__ == "__main__":
    main()
