"""The search actions checked by an independent client (pyarrow.flight) against a plain-Python reference.

Usage: search_actions.py PORT PREFIX SEED. Uploads three sequences of random IMU and GPS topics through Flight
(several overlapping batches, some out of time order, nulls), then sends random `query` (half of them in the 0.5
SDK's dialect, with timestamp ranges), `topic_filter_clusterize` and `topic_filter_intersect` bodies as raw JSON and
compares every answer with what this script computes from the rows it sent (SEARCH.md's semantics: a row matches
when it satisfies every condition of its tag; a null satisfies only $nex). Exits non-zero naming the seed and the
first mismatch.
"""
import fnmatch
import json
import random
import sys

import pyarrow as pa
import pyarrow.flight as flight

port, prefix, seed = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
client = flight.connect(f"grpc://127.0.0.1:{port}")


def action(name, body):
    results = list(client.do_action(flight.Action(name, json.dumps(body).encode())))
    envelopes = [json.loads(r.body.to_pybytes()) for r in results]
    assert all(e["action"] == name for e in envelopes), envelopes
    return [e["response"] for e in envelopes]


IMU = pa.schema([pa.field("timestamp_ns", pa.int64(), nullable=False),
                 pa.field("acc", pa.struct([pa.field("x", pa.float64()), pa.field("y", pa.float64())])),
                 pa.field("temp", pa.int32()), pa.field("label", pa.string())])
GPS = pa.schema([pa.field("timestamp_ns", pa.int64(), nullable=False), pa.field("speed", pa.float64())])
LABELS = ["idle", "moving", "moving_fast", "stop"]


def imu_row():
    acc = None if rng.random() < 0.1 else {"x": None if rng.random() < 0.1 else round(rng.uniform(-10, 10), 1),
                                            "y": round(rng.uniform(-1, 1), 2)}
    return {"acc": acc, "temp": None if rng.random() < 0.1 else rng.randint(10, 60),
            "label": None if rng.random() < 0.1 else rng.choice(LABELS)}


def gps_row():
    return {"speed": None if rng.random() < 0.1 else round(rng.uniform(0, 30), 1)}


# rows[locator] = list of (timestamp, values); tags[locator] = ontology tag
rows, tags, sequences = {}, {}, []
for s in range(3):
    sequence = f"{prefix}_s{s}"
    sequences.append(sequence)
    action("sequence_create", {"locator": sequence, "user_metadata": {"run": s}})
    session = action("session_create", {"locator": sequence})[0]
    for tag, schema, make in (("imu", IMU, imu_row), ("gps", GPS, gps_row)):
        if tag == "gps" and s == 2:
            continue  # a sequence without a gps topic
        locator = f"{sequence}/{tag}"
        uuid = action("topic_create", {"locator": locator, "session_uuid": session["uuid"],
                                       "serialization_format": "ragged", "ontology_tag": tag,
                                       "user_metadata": {}})[0]["uuid"]
        times = rng.sample(range(0, 400_000, 100), 120)
        writer, _ = client.do_put(flight.FlightDescriptor.for_command(json.dumps(
            {"resource_locator": locator, "topic_uuid": uuid}).encode()), schema)
        topic_rows = []
        for b in range(4):
            batch_times = sorted(times[b * 30:(b + 1) * 30])
            if b == 2:
                rng.shuffle(batch_times)
            values = [make() for _ in batch_times]
            topic_rows += list(zip(batch_times, values))
            columns = {"timestamp_ns": batch_times}
            for name in schema.names[1:]:
                columns[name] = [v[name] for v in values]
            writer.write_batch(pa.record_batch([pa.array(columns[n], schema.field(n).type) for n in schema.names],
                                               schema=schema))
        writer.close()
        rows[locator], tags[locator] = topic_rows, tag
    action("session_finalize", {"session_uuid": session["uuid"]})

FIELDS = {"imu": {"acc.x": "num", "acc.y": "num", "temp": "num", "label": "text"}, "gps": {"speed": "num"}}


def value(values, path):
    v = values
    for part in path.split("."):
        v = None if v is None else v.get(part)
    return v


def satisfies(v, cond):
    if cond == "$ex":
        return v is not None
    if cond == "$nex":
        return v is None
    if v is None:
        return False
    (op, x), = cond.items()
    if op == "$eq":
        return v == x
    if op == "$neq":
        return v != x
    if op == "$lt":
        return v < x
    if op == "$leq":
        return v <= x
    if op == "$gt":
        return v > x
    if op == "$geq":
        return v >= x
    if op == "$between":
        return x[0] <= v <= x[1]
    if op == "$outside":
        return v < x[0] or v > x[1]
    if op == "$in":
        return v in x
    if op == "$match":
        return fnmatch.fnmatchcase(v, x)
    raise ValueError(op)


def random_condition(tag, path):
    """A condition whose operands are, half the time, values the rows hold (so boundaries are hit)."""
    kind = FIELDS[tag][path]
    if rng.random() < 0.1:
        return rng.choice(["$ex", "$nex"])
    if kind == "text":
        op = rng.choice(["$eq", "$neq", "$in", "$match"])
        return {op: rng.sample(LABELS, 2) if op == "$in" else "moving*" if op == "$match" else rng.choice(LABELS)}
    op = rng.choice(["$eq", "$neq", "$lt", "$leq", "$gt", "$geq", "$between", "$outside", "$in"])
    held = [x for l, rs in rows.items() if tags[l] == tag for _, v in rs
            for x in [value(v, path)] if x is not None]
    a, b = sorted(rng.choice(held) if rng.random() < 0.5 else round(rng.uniform(-10, 60), 1) for _ in range(2))
    if op in ("$between", "$outside"):
        return {op: [a, b]}
    if op == "$in":
        return {op: [a, b, 20, 35]}
    return {op: a}


def random_ontology(tag_choices):
    ontology = {}
    for tag in tag_choices:
        for path in rng.sample(sorted(FIELDS[tag]), rng.randint(1, min(2, len(FIELDS[tag])))):
            ontology[f"{tag}.{path}"] = random_condition(tag, path)
    return ontology


def matching_times(locator, ontology, start=None, end=None):
    conds = [(k.split(".", 1)[1], c) for k, c in ontology.items()]
    return sorted(t for t, v in rows[locator] if (start is None or start <= t < end)
                  and all(satisfies(value(v, p), c) for p, c in conds))


def clusters(times, dt):
    out = []
    for t in times:
        if out and (dt == 0 or t - out[-1][1] <= dt):
            out[-1][1] = t
        else:
            out.append([t, t])
    return out


def fail(what, expected, got, request):
    sys.exit(f"seed {seed}: {what} differs\nrequest {json.dumps(request)}\nexpected {expected}\ngot      {got}")


for trial in range(60):
    ontology = random_ontology(rng.choice([["imu"], ["gps"], ["imu", "gps"]]))
    # odd trials in the 0.5 SDK's dialect: `locator` with a substring $match (a topic's compared without its
    # sequence), and each topic's timestamp_range asked for
    old = trial % 2 == 1
    part = rng.choice([None, "mu", "ps", "i"]) if old else None
    # even trials: sometimes a topic name glob with a wild start and a literal end (the reversed-name index's)
    suffix = None if old else rng.choice([None, "mu", "/gps", "u"])
    if old:
        request = {"sequence": {"locator": {"$match": f"{prefix}_s"}},
                   "ontology": dict(ontology, include_timestamp_range=True)}
        if part:
            request["topic"] = {"locator": {"$match": part}}
    else:
        request = {"sequence": {"name": {"$match": f"{prefix}_*"}}, "ontology": ontology}
        if suffix:
            request["topic"] = {"name": {"$match": "*" + suffix}}
    by_tag = {}
    for k in ontology:
        by_tag.setdefault(k.split(".")[0], {})[k] = ontology[k]
    expected = {}
    for sequence in sequences:
        found = {l: matching_times(l, by_tag[tags[l]]) for l in rows if l.startswith(sequence + "/")
                 and tags[l] in by_tag and (part is None or part in l.split("/", 1)[1])
                 and (suffix is None or l.endswith(suffix))}
        found = {l: times for l, times in found.items() if times}
        if {tags[l] for l in found} == set(by_tag):
            expected.update({l: [times[0], times[-1]] if old else None for l, times in found.items()})
    got = {t["locator"]: t.get("timestamp_range") for item in action("query", request)[0]["items"]
           for t in item["topics"]}
    if got != expected:
        fail("query", sorted(expected.items()), sorted(got.items()), request)

for trial in range(60):
    locator = rng.choice(sorted(rows))
    tag = tags[locator]
    dt = rng.choice([0, 100, 1000, 5000])
    window = None if rng.random() < 0.5 else sorted(rng.sample(range(0, 400_000, 50), 2))
    ontology = random_ontology([tag])
    request = {"locator": locator, "clustering_dt_ns": dt, "ontology": ontology,
               "timestamp_range": None if window is None else {"start_ns": window[0], "end_ns": window[1]}}
    expected = clusters(matching_times(locator, ontology, *(window or [None, None])), dt)
    got = [[r["ts"]["start_ns"], r["ts"]["end_ns"]] for r in action("topic_filter_clusterize", request)]
    ids = [r["id"] for r in action("topic_filter_clusterize", request)]
    if got != expected or ids != list(range(len(expected))):
        fail("topic_filter_clusterize", expected, got, request)


def intersect(streams, dt):
    """SEARCH.md §3's walk, written for this check."""
    if any(not s for s in streams):
        return []
    pos, out = [0] * len(streams), []
    while True:
        current = [s[p] for s, p in zip(streams, pos)]
        start, end = max(c[0] for c in current), min(c[1] for c in current)
        if start <= end:
            out.append([start, end])
        elif start - end <= dt:
            out.append([start - dt // 2, end + (dt - dt // 2)])
        first = min(range(len(current)), key=lambda i: (current[i][1], i))
        pos[first] += 1
        if pos[first] == len(streams[first]):
            return out


for trial in range(40):
    sequence = rng.choice(sequences[:2])
    dt = rng.choice([0, 500, 3000])
    topics, streams = [], []
    for tag in ("imu", "gps"):
        locator = f"{sequence}/{tag}"
        ontology = random_ontology([tag])
        cdt = rng.choice([0, 1000, 4000])
        topics.append({"locator": locator, "clustering_dt_ns": cdt, "ontology": ontology, "timestamp_range": None})
        streams.append(clusters(matching_times(locator, ontology), cdt))
    request = {"topics": topics, "intersect_dt_ns": dt}
    expected = intersect(streams, dt)
    got = [[r["ts"]["start_ns"], r["ts"]["end_ns"]] for r in action("topic_filter_intersect", request)]
    if got != expected:
        fail("topic_filter_intersect", expected, got, request)

print(json.dumps({"seed": seed, "topics": len(rows)}))
