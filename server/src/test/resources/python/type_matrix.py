"""The Arrow type matrix through the user's door, with pyarrow's Flight client (no mosaicod code).

Usage:
  type_matrix.py upload PORT SEQUENCE SEED FOLDER   builds one topic per Arrow type, each holding the type at top
      level (nullable and not) and nested in list, fixed-size list, struct, map values and a seeded chain three
      containers deep; uploads each in three batches whose rows interleave in time (one out of order), finalizes,
      and writes what it sent to FOLDER/<case>.arrows (an IPC stream: schema, then the batches) and what a read
      must return to FOLDER/<case>.sorted.ipc (one batch in time order). Types the server refuses are sent at top
      level and nested; the refusal must be INVALID_ARGUMENT naming the field and the type as pyarrow spells it.
  type_matrix.py upload-sdk PORT SEQUENCE SEED FOLDER   the same for the schemas of the upstream SDK's built-in
      models (sdk_models.py), one topic each, with the model's ontology tag.
  type_matrix.py check PORT SEQUENCE FOLDER         reads every topic of FOLDER back (GetFlightInfo + DoGet,
      GetSchema) and compares values, schema and field metadata with what was sent; then asks `query` for a value
      of each orderable leaf and expects the topic back.
Each prints one JSON line: what it did and every mismatch. Exits 1 on a mismatch, 0 otherwise.
"""
import datetime
import decimal
import json
import math
import os
import random
import re
import sys

import pyarrow as pa
import pyarrow.flight as flight

import sdk_models  # beside this script

ROWS = (23, 17, 11)  # the three batches

# (case name, type, kept?) — the kept ones are docs/protocol.md's table; the refused ones must be refused at the
# first message, naming the field and the type.
KEPT = [
    ("bool", pa.bool_()),
    *[(f"int{w}", getattr(pa, f"int{w}")()) for w in (8, 16, 32, 64)],
    *[(f"uint{w}", getattr(pa, f"uint{w}")()) for w in (8, 16, 32, 64)],
    ("float16", pa.float16()), ("float32", pa.float32()), ("float64", pa.float64()),
    ("decimal128_9_2", pa.decimal128(9, 2)), ("decimal128_38_10", pa.decimal128(38, 10)),
    ("utf8", pa.string()), ("large_utf8", pa.large_string()),
    ("binary", pa.binary()), ("large_binary", pa.large_binary()), ("fixed_size_binary", pa.binary(5)),
    ("date32", pa.date32()), ("date64", pa.date64()),
    ("time32_s", pa.time32("s")), ("time32_ms", pa.time32("ms")),
    ("time64_us", pa.time64("us")), ("time64_ns", pa.time64("ns")),
    *[(f"timestamp_{u}", pa.timestamp(u)) for u in ("s", "ms", "us", "ns")],
    *[(f"timestamp_{u}_utc", pa.timestamp(u, "UTC")) for u in ("s", "ms", "us", "ns")],
    ("timestamp_us_rome", pa.timestamp("us", "Europe/Rome")),
    *[(f"duration_{u}", pa.duration(u)) for u in ("s", "ms", "us", "ns")],
    ("list_of_float64", pa.list_(pa.float64())),
    ("large_list_of_int32", pa.large_list(pa.int32())),
    ("fixed_size_list_of_float32", pa.list_(pa.float32(), 3)),
    ("map_utf8_int32", pa.map_(pa.string(), pa.int32())),
    ("struct_of_two", pa.struct([pa.field("x", pa.float64()), pa.field("y", pa.string(), nullable=False)])),
]
REFUSED = [
    ("null", pa.null()),
    ("decimal32", pa.decimal32(7, 2)),
    ("decimal64", pa.decimal64(15, 3)),
    ("decimal256", pa.decimal256(50, 5)),
    ("month_day_nano_interval", pa.month_day_nano_interval()),
    ("dictionary_utf8", pa.dictionary(pa.int32(), pa.string())),
    ("string_view", pa.string_view()),
    ("binary_view", pa.binary_view()),
    ("list_view", pa.list_view(pa.int32())),
    ("large_list_view", pa.large_list_view(pa.int32())),
    ("empty_struct", pa.struct([])),
    ("run_end_encoded", pa.run_end_encoded(pa.int32(), pa.string())),
    ("sparse_union", pa.sparse_union([pa.field("a", pa.int32()), pa.field("b", pa.string())])),
    ("dense_union", pa.dense_union([pa.field("a", pa.int32()), pa.field("b", pa.string())])),
]

INT_RANGES = {pa.int8(): (-2**7, 2**7 - 1), pa.int16(): (-2**15, 2**15 - 1), pa.int32(): (-2**31, 2**31 - 1),
              pa.int64(): (-2**63, 2**63 - 1), pa.uint8(): (0, 2**8 - 1), pa.uint16(): (0, 2**16 - 1),
              pa.uint32(): (0, 2**32 - 1), pa.uint64(): (0, 2**64 - 1)}
DAY_NS = 86_400 * 10**9
# the schema metadata a read adds (PROTOCOL.md §5); every other entry is the client's, kept as sent
SERVER_METADATA = {b"mosaico:context", b"mosaico:properties", b"mosaico:user_metadata"}


def canonical_values(array):
    """The values of an array as Python lists, dicts and scalars that compare across types and any extreme: temporal
    values as their integers, half floats as floats. Walks the buffers' structure itself: pyarrow's casts refuse a
    child declared not nullable that holds nulls under a null parent, and its datetimes stop at year 9999."""
    t = array.type
    valid = array.is_valid().to_pylist()
    if pa.types.is_struct(t):
        fields = [canonical_values(array.field(i)) for i in range(t.num_fields)]
        return [{t.field(k).name: fields[k][i] for k in range(t.num_fields)} if valid[i] else None
                for i in range(len(array))]
    if pa.types.is_map(t):
        offsets = array.offsets.to_pylist()
        keys, items = canonical_values(array.keys), canonical_values(array.items)
        return [list(zip(keys[offsets[i]:offsets[i + 1]], items[offsets[i]:offsets[i + 1]])) if valid[i] else None
                for i in range(len(array))]
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        offsets = array.offsets.to_pylist()
        values = canonical_values(array.values)
        return [values[offsets[i]:offsets[i + 1]] if valid[i] else None for i in range(len(array))]
    if pa.types.is_fixed_size_list(t):
        size, values = t.list_size, canonical_values(array.values)
        return [values[(array.offset + i) * size:(array.offset + i + 1) * size] if valid[i] else None
                for i in range(len(array))]
    if pa.types.is_temporal(t):
        return array.view(pa.int64() if t.bit_width == 64 else pa.int32()).to_pylist()
    if pa.types.is_float16(t):
        return array.cast(pa.float32()).to_pylist()
    return array.to_pylist()


class Values:
    """Python values of any type, with nulls at every nullable level, empty lists and maps, extremes, NaN, ±inf."""

    def __init__(self, rng):
        self.rng = rng

    def column(self, field, n):
        return [self.value(field.type, field.nullable) for _ in range(n)]

    def value(self, t, nullable):
        r = self.rng
        if nullable and r.random() < 0.15:
            return None
        if pa.types.is_struct(t):
            return {f.name: self.value(f.type, f.nullable) for f in t}
        if pa.types.is_map(t):
            keys = sorted({self.leaf(t.key_type) for _ in range(r.choice((0, 0, 1, 2, 3)))}, key=repr)
            return [(k, self.value(t.item_type, t.item_field.nullable)) for k in keys]
        if pa.types.is_fixed_size_list(t):
            return [self.value(t.value_type, t.value_field.nullable) for _ in range(t.list_size)]
        if pa.types.is_list(t) or pa.types.is_large_list(t):
            return [self.value(t.value_type, t.value_field.nullable) for _ in range(r.choice((0, 1, 2, 3, 5)))]
        return self.leaf(t)

    def leaf(self, t):
        r = self.rng
        if pa.types.is_boolean(t):
            return r.random() < 0.5
        if t in INT_RANGES:
            lo, hi = INT_RANGES[t]
            return r.choice((lo, hi, 0, 1, r.randint(lo, hi), r.randint(lo, hi)))
        if pa.types.is_float16(t):
            return r.choice((math.nan, math.inf, -math.inf, -0.0, 65504.0, 6.103515625e-05, 5.960464477539063e-08,
                             r.randint(-2048, 2048) / 8))
        if pa.types.is_floating(t):
            big = 3.4028234663852886e38 if t == pa.float32() else 1.7976931348623157e308
            tiny = 1.401298464324817e-45 if t == pa.float32() else 5e-324
            return r.choice((math.nan, math.inf, -math.inf, -0.0, big, -big, tiny, r.uniform(-1e6, 1e6)
                             if t == pa.float64() else float(r.randint(-2**24, 2**24))))
        if pa.types.is_decimal(t):
            digits = r.choice((t.precision, 1, r.randint(1, t.precision)))
            unscaled = r.choice((10**digits - 1, -(10**digits - 1), r.randint(-10**digits + 1, 10**digits - 1)))
            return decimal.Decimal(unscaled).scaleb(-t.scale, decimal.Context(prec=80))
        if pa.types.is_string(t) or pa.types.is_large_string(t):
            return r.choice(("", "a", "frame_7", "ßüñ", "日本語", "🤖 robot", "x" * r.randint(50, 300)))
        if pa.types.is_fixed_size_binary(t):
            return bytes(r.randrange(256) for _ in range(t.byte_width))
        if pa.types.is_binary(t) or pa.types.is_large_binary(t):
            return r.choice((b"", b"\x00", b"\xff\xfe", bytes(r.randrange(256) for _ in range(r.randint(1, 200)))))
        if pa.types.is_date32(t):
            return r.choice((0, -719162, 2932896, r.randint(-100000, 100000)))  # 0001-01-01 .. 9999-12-31
        if pa.types.is_date64(t):
            return r.choice((0, -719162, 2932896, r.randint(-100000, 100000))) * 86_400_000
        if pa.types.is_time32(t):
            day = 86_400 if t.unit == "s" else 86_400_000
            return r.choice((0, day - 1, r.randrange(day)))
        if pa.types.is_time64(t):
            day = DAY_NS // (1000 if t.unit == "us" else 1)
            return r.choice((0, day - 1, r.randrange(day)))
        if pa.types.is_timestamp(t) or pa.types.is_duration(t):
            limit = 2**63 - 1
            if t.unit == "s":
                limit //= 1000  # a chunk keeps timestamp[s] in milliseconds, as pyarrow does
            return r.choice((limit, -limit, 0, r.randint(-limit, limit)))
        raise ValueError(f"no values for {t}")


def build_array(values, t):
    return pa.array(values, t)


def refused_schema(t, nested):
    """A type the server must refuse, at top level (field `v`) or nested (field `n[].bad`)."""
    fields = [pa.field("timestamp_ns", pa.int64(), nullable=False)]
    if nested:
        inner = pa.struct([pa.field("ok", pa.int32()), pa.field("bad", t)])
        fields.append(pa.field("n", pa.list_(pa.field("item", inner))))
    else:
        fields.append(pa.field("v", t))
    return pa.schema(fields)


def case_schema(name, t, rng):
    """The columns of one case: its type at top level (nullable and not) and nested in every container."""
    fields = [pa.field("timestamp_ns", pa.int64(), nullable=False, metadata={"description": "time of the sample"})]
    fields.append(pa.field("v", t, metadata={"description": f"a {name}", "unit": "n/a"}))
    fields.append(pa.field("v_req", t, nullable=False))
    fields.append(pa.field("l", pa.list_(t)))
    fields.append(pa.field("fl", pa.list_(pa.field("item", t, nullable=False), 3)))
    fields.append(pa.field("s", pa.struct([pa.field("a", t), pa.field("b", t, nullable=False)])))
    fields.append(pa.field("m", pa.map_(pa.string(), t)))
    deep = t
    for level in range(3):
        kind = rng.choice(("list", "fixed_size_list", "struct", "map"))
        nullable = rng.random() < 0.7
        if kind == "list":
            deep = pa.list_(pa.field("item", deep, nullable=nullable))
        elif kind == "fixed_size_list":
            deep = pa.list_(pa.field("item", deep, nullable=nullable), 2)
        elif kind == "struct":
            deep = pa.struct([pa.field(f"f{level}", deep, nullable=nullable, metadata={"level": str(level)}),
                              pa.field("k", pa.int16())])
        else:
            deep = pa.map_(pa.int64(), pa.field("value", deep, nullable=nullable))
    fields.append(pa.field("deep", deep))
    return pa.schema(fields, metadata={"mosaico:test": "type matrix", "case": name})


def batches_of(schema, rng):
    values = Values(rng)
    times = list(range(1_000, 1_000 + 10 * sum(ROWS), 10))
    rng.shuffle(times)
    batches, start = [], 0
    for k, rows in enumerate(ROWS):
        ts = sorted(times[start:start + rows], reverse=(k == 1))  # interleaved; the second out of time order
        start += rows
        columns = [pa.array(ts, pa.int64())]
        for field in list(schema)[1:]:
            columns.append(build_array(values.column(field, rows), field.type))
        batches.append(pa.record_batch(columns, schema=schema))
    return batches


def server_message(error):
    """The server's own words in a pyarrow Flight error, with the code pyarrow names (`invalid argument`)."""
    found = re.search(r"Flight returned (.*?) error, with message: (.*?)\. gRPC client debug context", str(error),
                      re.DOTALL)
    return f"{found.group(1)}: {found.group(2)}" if found else str(error)


class Server:
    def __init__(self, port):
        self.client = flight.connect(f"grpc://127.0.0.1:{port}")

    def action(self, name, body):
        results = list(self.client.do_action(flight.Action(name, json.dumps(body).encode())))
        assert len(results) == 1, f"{name}: {len(results)} results"
        envelope = json.loads(results[0].body.to_pybytes())
        assert envelope["action"] == name, f"{name}: envelope {envelope}"
        return envelope["response"]

    @staticmethod
    def command(body):
        return flight.FlightDescriptor.for_command(json.dumps(body).encode())


def upload(port, sequence, seed, folder, suite):
    rng = random.Random(seed)
    server = Server(port)
    server.action("sequence_create", {"locator": sequence, "user_metadata": {"suite": suite}})
    session = server.action("session_create", {"locator": sequence})
    report = {"seed": seed, "kept": [], "refused": {}, "mismatches": []}

    def put(name, tag, schema, batches):
        """Uploads one topic; None when stored, else the server's refusal."""
        locator = f"{sequence}/matrix/{name}"
        topic = server.action("topic_create", {"locator": locator, "session_uuid": session["uuid"],
                                               "serialization_format": rng.choice(("default", "ragged", "image")),
                                               "ontology_tag": tag, "user_metadata": {}})
        descriptor = server.command({"resource_locator": locator, "topic_uuid": topic["uuid"]})
        try:
            writer, _ = server.client.do_put(descriptor, schema)
            for b in batches:
                b.validate(full=True)
                writer.write_batch(b)
            writer.close()
            return None
        except pa.ArrowException as e:  # pyarrow raises INVALID_ARGUMENT as ArrowInvalid, others as FlightError
            server.action("topic_delete", {"locator": locator})
            return server_message(e)

    if suite == "sdk":
        cases = sdk_models.MODELS + [("legacy_" + name, tag, schema) for name, tag, schema in sdk_models.LEGACY_MODELS]
    else:
        cases = [(name, name, case_schema(name, t, rng)) for name, t in KEPT]
    tags = {}
    for name, tag, schema in cases:
        batches = batches_of(schema, rng)
        refusal = put(name, tag, schema, batches)
        if refusal:
            report["mismatches"].append(f"{name}: refused: {refusal}")
            continue
        report["kept"].append(name)
        tags[name] = tag
        with pa.OSFile(os.path.join(folder, name + ".arrows"), "wb") as sink:
            with pa.ipc.new_stream(sink, schema) as out:
                for b in batches:
                    out.write_batch(b)
        # what a read returns, in one batch, for a client that compares in its own language
        with pa.OSFile(os.path.join(folder, name + ".sorted.ipc"), "wb") as sink:
            with pa.ipc.new_stream(sink, schema) as out:
                out.write_table(pa.Table.from_batches(batches).sort_by("timestamp_ns").combine_chunks())
    with open(os.path.join(folder, "tags.json"), "w") as out:
        json.dump(tags, out)
    if suite == "sdk":
        server.action("session_finalize", {"session_uuid": session["uuid"]})
        return report
    for name, t in REFUSED:
        for nested, path in ((False, "v"), (True, "n[].bad")):
            case = name + ("_nested" if nested else "")
            refusal = put(case, case, refused_schema(t, nested), [])
            report["refused"][case] = refusal
            expected = f"field `{path}` has type {t}"
            if refusal is None:
                report["mismatches"].append(f"{case}: {t} was stored, not refused")
            elif not refusal.startswith("invalid argument: "):
                report["mismatches"].append(f"{case}: refused with another code: {refusal}")
            elif expected not in refusal:
                report["mismatches"].append(f"{case}: the refusal does not say {expected!r}: {refusal}")
    server.action("session_finalize", {"session_uuid": session["uuid"]})
    return report


def canonical(table):
    columns = [[v for chunk in table.column(i).chunks for v in canonical_values(chunk)]
               for i in range(table.num_columns)]
    return [list(row) for row in zip(*columns)]


def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) == type(b) and a == b


def first_difference(got, expected):
    if len(got) != len(expected):
        return f"{len(got)} rows read, {len(expected)} sent"
    for i, (g, e) in enumerate(zip(got, expected)):
        if not same(g, e):
            return f"row {i}: read {str(g)[:300]}, sent {str(e)[:300]}"
    return None


def searchable(t):
    """Leaf types a `query` compares with a JSON operand (docs/search.md)."""
    return (pa.types.is_boolean(t) or pa.types.is_string(t) or pa.types.is_integer(t) or pa.types.is_float32(t)
            or pa.types.is_float64(t) or pa.types.is_timestamp(t) or pa.types.is_date(t) or pa.types.is_time(t))


def query_paths(table):
    """The searchable leaves at top level and one struct down, each with a value a row holds."""
    paths = []
    for field in list(table.schema)[1:]:
        if pa.types.is_struct(field.type):
            paths += [[field.name, child.name] for child in field.type if searchable(child.type)]
        elif searchable(field.type):
            paths.append([field.name])
    return [path for path in paths if query_value(table, path) is not None]


def query_value(table, path):
    """A JSON operand that a row of the column at path equals (a null or a non-finite float is none)."""
    column = table.column(path[0])
    for step in path[1:]:  # flattened: a field below a null struct is null
        column = pa.chunked_array([c.flatten()[c.type.get_field_index(step)] for c in column.chunks])
    for v in [v for chunk in column.chunks for v in canonical_values(chunk)]:
        if v is not None and not (isinstance(v, float) and not math.isfinite(v)):
            return v
    return None


def check(port, sequence, folder):
    server = Server(port)
    with open(os.path.join(folder, "tags.json")) as tags_file:
        tags = json.load(tags_file)
    report = {"checked": [], "queried": 0, "mismatches": []}
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".arrows"):
            continue
        name = file[:-len(".arrows")]
        locator = f"{sequence}/matrix/{name}"
        with pa.OSFile(os.path.join(folder, file), "rb") as source:
            sent = pa.ipc.open_stream(source).read_all()
        expected = sent.sort_by("timestamp_ns")  # the timestamps are distinct: one order only
        info = server.client.get_flight_info(server.command({"resource_locator": locator,
                                                             "timestamp_ns_start": None, "timestamp_ns_end": None}))
        read = server.client.do_get(info.endpoints[0].ticket).read_all()
        schema = server.client.get_schema(server.command({"resource_locator": locator})).schema
        for where, got in (("DoGet", read.schema), ("GetFlightInfo", info.schema), ("GetSchema", schema)):
            if not got.remove_metadata().equals(expected.schema.remove_metadata(), check_metadata=True):
                report["mismatches"].append(f"{name}: {where} schema {got} differs from the one sent "
                                            f"{expected.schema}")
            ours = {k: v for k, v in (got.metadata or {}).items() if k not in SERVER_METADATA}
            if ours != (expected.schema.metadata or {}):
                report["mismatches"].append(f"{name}: {where} schema metadata {got.metadata}")
        difference = first_difference(canonical(read), canonical(expected))
        if difference:
            report["mismatches"].append(f"{name}: {difference}")
        report["checked"].append(name)
        for path in query_paths(expected)[:3]:
            value = query_value(expected, path)
            condition = {f"{tags[name]}.{'.'.join(path)}": {"$eq": value}}
            found = server.action("query", {"ontology": condition, "sequence": {"name": {"$eq": sequence}}})
            topics = [t["locator"] for item in found["items"] for t in item["topics"]]
            report["queried"] += 1
            if locator not in topics:
                report["mismatches"].append(f"{name}: query {json.dumps(condition)} answered {topics}")
    return report


def main():
    phase, port, sequence = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if phase in ("upload", "upload-sdk"):
        report = upload(port, sequence, int(sys.argv[4]), sys.argv[5], "sdk" if phase == "upload-sdk" else "matrix")
    else:
        report = check(port, sequence, sys.argv[4])
    print(json.dumps(report))
    sys.exit(1 if report["mismatches"] else 0)


if __name__ == "__main__":
    main()
