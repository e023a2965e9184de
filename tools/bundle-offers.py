#!/usr/bin/env python3
"""Writes pricing-db/cloud-offers.csv, the bundled cloud offers, from SkyPilot catalog v8 sheets
refreshed the way a user refreshes a document. Run from the project's root after building the
`breakeven` target:

    python3 tools/bundle-offers.py                       # the sheets kept in tools/skypilot-v8/
    python3 tools/bundle-offers.py --sheets DIR          # another folder of <cloud>/vms.csv
    python3 tools/bundle-offers.py --endpoint URL        # a running endpoint (URL/<cloud>/vms.csv)

What it does:

1. Serves the folder of sheets over HTTP on 127.0.0.1 (a free port), unless --endpoint names one.
2. Makes a new document (`breakeven new`) and runs the real refresh command on it:
   `breakeven refresh --into DOC --source skypilot --endpoint skypilot=URL --cloud C ... --json`,
   which downloads `<URL>/<cloud>/vms.csv` and imports it with the SkyPilot preset (GPU names
   resolved by the catalog, CPU-only rows and unknown GPUs skipped and reported).
3. Selects from the document's cloud_offers the offers the refresh imported (those with a sheet):
   GPU offers with an on-demand price only; per provider and instance type at most
   MAX_REGIONS regions, the cheapest on-demand first. Among regions of the same price a
   United States region is taken first (the catalog is priced in dollars, and most of its users
   compare against US regions), then one in a part of the world not taken yet (by the region
   name's first word: europe, asia, me, ...), each in the order the sheet lists them (the first
   row of that instance type and region first; a region the sheet does not list for that
   instance type comes after those it does, by name). So a sheet pricing every region alike
   keeps one region in the US, one in Europe and one in Asia where it has them, rather than the
   alphabetically first three (Lambda: asia-northeast-1, asia-northeast-2 and asia-south-1).
4. Merges them with the rows already in pricing-db/cloud-offers.csv:
   - a row with a reserved price (1y, 3y, either upfront) is always kept with its source; when
     the fresh data has the same provider, instance type and region, its on-demand and spot
     prices are taken from the fresh data and its source says so;
   - any other row of a provider the refresh covered is replaced by the fresh offers;
   - rows of the providers the refresh did not cover are kept as they are.
5. Writes the file: the kept rows in their order, then the fresh ones by provider, GPU, GPU
   count, instance type and region. Every fresh row's source names the catalog file and the
   commit it was read at, its url is that file's raw URL at that commit, and as_of is the date
   the copy was read (commits.csv beside the sheets: cloud,commit,read_on,rows).

Licence: the SkyPilot catalog (github.com/skypilot-org/skypilot-catalog) is Apache-2.0; the prices
in it are the providers' public list prices as SkyPilot's fetchers read them. See
pricing-db/README.md for the terms of every source in the file.
"""
import argparse
import csv
import functools
import http.server
import io
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHEETS = os.path.join(ROOT, "tools", "skypilot-v8")
OFFERS = os.path.join(ROOT, "pricing-db", "cloud-offers.csv")
BREAKEVEN = os.path.join(ROOT, "build", "dev", "app", "breakeven")
MAX_REGIONS = 3
REPOSITORY = "github.com/skypilot-org/skypilot-catalog"
RAW = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/{commit}/catalogs/v8/{cloud}/vms.csv"
COLUMNS = ["provider", "category", "instance_type", "gpu", "gpu_count", "vcpus", "memory_gib", "region",
           "currency", "on_demand", "spot", "reserved_1y", "reserved_3y", "source", "url", "as_of",
           "reserved_1y_upfront", "reserved_3y_upfront"]
RESERVED = ["reserved_1y", "reserved_3y", "reserved_1y_upfront", "reserved_3y_upfront"]


def fail(message):
    sys.exit("bundle-offers: " + message)


def read_commits(path):
    """cloud -> (commit, read_on, rows) from commits.csv."""
    if not os.path.exists(path):
        fail(f"{path}: missing (cloud,commit,read_on,rows, one line per cloud)")
    commits = {}
    with open(path, newline="", encoding="utf-8") as f:
        for line, row in enumerate(csv.DictReader(f), start=2):
            for field in ("cloud", "commit", "read_on"):
                if not row.get(field):
                    fail(f"{path}:{line}: {field} is empty")
            if len(row["commit"]) != 40:
                fail(f"{path}:{line}: commit must be the 40-digit hash")
            commits[row["cloud"]] = (row["commit"], row["read_on"], row.get("rows") or "")
    return commits


def serve(folder):
    """Serves folder on 127.0.0.1 in a thread; returns the server and its base URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def run(args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def number(value):
    """A price or size as the catalog writes it: shortest round-trip form, no trailing .0."""
    if value is None:
        return ""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def fresh_offers(breakeven, endpoint, clouds, document):
    run([breakeven, "new", document])
    command = [breakeven, "refresh", "--into", document, "--source", "skypilot", "--endpoint", f"skypilot={endpoint}",
               "--json"]
    for cloud in clouds:
        command += ["--cloud", cloud]
    report = json.loads(run(command))
    for source in report["sources"]:
        for cloud in source["clouds"]:
            rows = cloud["rows"]
            unknown = ", ".join(f"{u['name']} ({u['rows']})" for u in cloud["unknownGpus"])
            print(f"  {cloud['cloud']:<12} {cloud['status']}: {rows['read']} rows, {rows['added']} offers, "
                  f"{rows['skipped']} skipped" + (f"; unknown GPUs: {unknown}" if unknown else ""),
                  file=sys.stderr)
            if cloud["status"] != "imported":
                fail(f"{cloud['cloud']}: {cloud['reason']}")
    db = sqlite3.connect(document)
    db.row_factory = sqlite3.Row
    marks = ",".join("?" * len(clouds))
    return [dict(r) for r in db.execute(
        f"SELECT * FROM cloud_offers WHERE sheet_id IS NOT NULL AND provider IN ({marks}) "
        "AND gpu <> '' AND gpu_count > 0 AND on_demand > 0", clouds)]


def sheet_order(sheets, endpoint, clouds):
    """(cloud, instance type, region) -> the line of its first row in the cloud's sheet, read from
    the folder of sheets or, with --endpoint, from the endpoint."""
    order = {}
    for cloud in clouds:
        if endpoint:
            with urllib.request.urlopen(f"{endpoint.rstrip('/')}/{cloud}/vms.csv") as response:
                text = response.read().decode("utf-8-sig")
        else:
            with open(os.path.join(sheets, cloud, "vms.csv"), encoding="utf-8-sig") as f:
                text = f.read()
        for line, row in enumerate(csv.DictReader(io.StringIO(text, newline="")), start=2):
            order.setdefault((cloud, (row.get("InstanceType") or "").strip(), (row.get("Region") or "").strip()), line)
    return order


def area(region):
    """The part of the world a region name says: `us` for the United States (us-east-1,
    dulles-usa-1, US), else its first word (europe, eu, asia, ap, me, ...)."""
    words = [w for w in region.lower().replace("_", "-").split("-") if w]
    if not words:
        return ""
    if words[0] == "us" or "usa" in words or "us" in words:
        return "us"
    return words[0]


def spread(group):
    """MAX_REGIONS of a group sorted cheapest first: the cheapest each time, and among regions of
    that same price a United States region first, then one of a part of the world not chosen
    yet, then the first in order."""
    chosen, used, remaining = [], set(), list(group)
    while remaining and len(chosen) < MAX_REGIONS:
        ties = [o for o in remaining if o["on_demand"] == remaining[0]["on_demand"]]
        pick = (next((o for o in ties if area(o["region"]) == "us" and "us" not in used), None)
                or next((o for o in ties if area(o["region"]) not in used), None)
                or ties[0])
        chosen.append(pick)
        used.add(area(pick["region"]))
        remaining.remove(pick)
    return chosen


def select(offers, order):
    """Per provider and instance type, the MAX_REGIONS regions with the cheapest on-demand price;
    of the same price, spread over the world (spread), in the order the sheet lists them
    (`order`, from sheet_order)."""
    groups = {}
    for o in offers:
        groups.setdefault((o["provider"], o["instance_type"]), []).append(o)
    chosen = []
    for group in groups.values():
        group.sort(key=lambda o: (o["on_demand"], order.get((o["provider"], o["instance_type"], o["region"]), sys.maxsize),
                                  o["region"]))
        chosen += spread(group)
    chosen.sort(key=lambda o: (o["provider"], o["gpu"], o["gpu_count"], o["instance_type"], o["region"]))
    return chosen


def fresh_row(o, commits):
    commit, read_on, _ = commits[o["provider"]]
    return {
        "provider": o["provider"], "category": o["category"], "instance_type": o["instance_type"],
        "gpu": o["gpu"], "gpu_count": str(o["gpu_count"]), "vcpus": number(o["vcpus"] or None),
        "memory_gib": number(o["memory_gib"] or None), "region": o["region"], "currency": o["currency"],
        "on_demand": number(o["on_demand"]), "spot": number(o["spot"]),
        "reserved_1y": "", "reserved_3y": "", "reserved_1y_upfront": "", "reserved_3y_upfront": "",
        "source": f"SkyPilot catalog {REPOSITORY} catalogs/v8/{o['provider']}/vms.csv at commit {commit[:12]} "
                  f"(copy read {read_on})",
        "url": RAW.format(commit=commit, cloud=o["provider"]),
        "as_of": read_on,
    }


def merge(old_rows, fresh, clouds, commits):
    by_key = {(o["provider"], o["instance_type"], o["region"]): o for o in fresh}
    kept, updated = [], 0
    for row in old_rows:
        key = (row["provider"], row["instance_type"], row["region"])
        if any(row.get(c) for c in RESERVED):
            if key in by_key:
                o = by_key.pop(key)
                commit, read_on, _ = commits[o["provider"]]
                row["on_demand"], row["spot"] = number(o["on_demand"]), number(o["spot"])
                row["source"] += (f"; on-demand and spot refreshed from SkyPilot catalog {REPOSITORY} "
                                  f"catalogs/v8/{o['provider']}/vms.csv at commit {commit[:12]} ({read_on})")
                updated += 1
            kept.append(row)
        elif row["provider"] not in clouds:
            kept.append(row)
    return kept, [fresh_row(o, commits) for o in by_key.values()], updated


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheets", default=SHEETS, help="folder of <cloud>/vms.csv and commits.csv")
    parser.add_argument("--endpoint", help="a running endpoint serving <cloud>/vms.csv instead of --sheets")
    parser.add_argument("--commits", help="commits.csv (default: the one in --sheets)")
    parser.add_argument("--breakeven", default=BREAKEVEN, help="the breakeven executable")
    parser.add_argument("--out", default=OFFERS, help="the file to write (default: the bundled catalog)")
    args = parser.parse_args()

    commits = read_commits(args.commits or os.path.join(args.sheets, "commits.csv"))
    clouds = sorted(commits)
    if not args.endpoint:
        missing = [c for c in clouds if not os.path.isfile(os.path.join(args.sheets, c, "vms.csv"))]
        if missing:
            fail(f"{args.sheets}: no vms.csv for {', '.join(missing)}")
    if not os.access(args.breakeven, os.X_OK):
        fail(f"{args.breakeven}: not built (cmake --build build/dev --target breakeven)")

    server = None
    endpoint = args.endpoint
    if not endpoint:
        server, endpoint = serve(args.sheets)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            offers = fresh_offers(args.breakeven, endpoint, clouds, os.path.join(scratch, "bundle.breakeven"))
    finally:
        if server:
            server.shutdown()

    with open(OFFERS, newline="", encoding="utf-8") as f:
        old_rows = list(csv.DictReader(f))
    order = sheet_order(args.sheets, args.endpoint, clouds)
    kept, added, updated = merge(old_rows, select(offers, order), set(clouds), commits)
    rows = kept + added
    providers = sorted({r["provider"] for r in rows})
    # Written to a temporary file first, so that a failure leaves the catalog as it was.
    temporary = args.out + ".tmp"
    with open(temporary, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows({c: r.get(c, "") for c in COLUMNS} for r in rows)
    os.replace(temporary, args.out)
    print(f"{args.out}: {len(rows)} offers from {len(providers)} providers ({len(kept)} kept, "
          f"{updated} of them with fresh on-demand and spot prices, {len(added)} new)", file=sys.stderr)


if __name__ == "__main__":
    main()
