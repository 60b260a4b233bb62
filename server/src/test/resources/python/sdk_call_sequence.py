"""An independent client (pyarrow.flight, no mosaicod code): the mosaico SDK's call sequence against a server.

Usage: sdk_call_sequence.py PORT SEQUENCE. Uploads one nested topic in three batches (one out of time order),
finalizes the session, reads the topic back whole and in a time range, and checks every answer against
PROTOCOL.md. Exits non-zero with the failed check on the first mismatch; on success prints one JSON line with
what it wrote, for the calling test to check from its side.
"""
import json
import sys

import pyarrow as pa
import pyarrow.flight as flight

port, sequence = int(sys.argv[1]), sys.argv[2]
client = flight.connect(f"grpc://127.0.0.1:{port}")


def action(name, body):
    results = list(client.do_action(flight.Action(name, json.dumps(body).encode())))
    assert len(results) == 1, f"{name}: {len(results)} results"
    envelope = json.loads(results[0].body.to_pybytes())
    assert envelope["action"] == name, f"{name}: envelope {envelope}"
    return envelope["response"]


def command(body):
    return flight.FlightDescriptor.for_command(json.dumps(body).encode())


info = action("info", {})
assert info["semver"]["major"] == 0 and info["config"]["max_grpc_message_size"] > 4 * 1024 * 1024, info

action("sequence_create", {"locator": sequence, "user_metadata": {"robot": {"name": "r1", "joints": [1, 2]}}})
session = action("session_create", {"locator": sequence})
assert session["locator"].startswith(sequence + ":"), session
locator = f"{sequence}/arm/joint_states"
topic = action("topic_create", {"locator": locator, "session_uuid": session["uuid"],
                                "serialization_format": "ragged", "ontology_tag": "joint_state",
                                "user_metadata": {"unit": "rad"}})

header = pa.struct([pa.field("frame_id", pa.string()), pa.field("seq", pa.uint32())])
schema = pa.schema([
    pa.field("timestamp_ns", pa.int64(), nullable=False, metadata={"description": "time of the sample"}),
    pa.field("position", pa.list_(pa.float64()), metadata={"description": "joint angles"}),
    pa.field("header", header),
    pa.field("name", pa.list_(pa.string())),
], metadata={"mosaico:test": "written by pyarrow"})


def batch(times, base):
    n = len(times)
    positions = [None if i % 5 == 4 else [base + i + j / 10 for j in range(i % 4)] for i in range(n)]
    headers = [None if i % 7 == 6 else {"frame_id": f"frame{i % 3}", "seq": base + i} for i in range(n)]
    names = [[f"j{j}" for j in range(i % 3)] for i in range(n)]
    return pa.record_batch([pa.array(times, pa.int64()), pa.array(positions, schema.field("position").type),
                            pa.array(headers, header), pa.array(names, schema.field("name").type)], schema=schema)


batches = [batch([1_000 + 10 * i for i in range(20)], 0),
           batch([1_202, 1_200, 1_212, 1_208, 1_236, 1_224], 100),   # out of time order inside
           batch([1_101 + 10 * i for i in range(15)], 200)]          # overlaps the other two
writer, _ = client.do_put(command({"resource_locator": locator, "topic_uuid": topic["uuid"]}), schema)
for b in batches:
    writer.write_batch(b)
writer.close()
action("session_finalize", {"session_uuid": session["uuid"]})

expected = pa.Table.from_batches(batches).sort_by("timestamp_ns")
flights = [f for f in client.list_flights() if f.descriptor.path == [sequence.encode()]]
assert len(flights) == 1, f"ListFlights: {len(flights)} entries for {sequence}"


def read(start, end):
    info = client.get_flight_info(command({"resource_locator": locator, "timestamp_ns_start": start,
                                           "timestamp_ns_end": end}))
    assert len(info.endpoints) == 1, f"{len(info.endpoints)} endpoints"
    table = client.do_get(info.endpoints[0].ticket).read_all()
    metadata = table.schema.metadata
    assert metadata[b"mosaico:context"] == b"topic", metadata
    assert metadata[b"mosaico:test"] == b"written by pyarrow", metadata
    properties = json.loads(metadata[b"mosaico:properties"])
    assert properties["ontology_tag"] == "joint_state" and properties["serialization_format"] == "ragged", properties
    for field in schema:
        assert table.schema.field(field.name).equals(field, check_metadata=True), (field, table.schema)
    return table.select(schema.names).replace_schema_metadata(None)


whole = read(None, None)
assert whole.equals(expected.replace_schema_metadata(None)), f"whole topic differs:\n{whole}\n{expected}"
times = expected.column("timestamp_ns").to_pylist()
start, end = times[10], times[30]
window = read(start, end)
assert window.column("timestamp_ns").to_pylist() == [t for t in times if start <= t < end], window
assert window.equals(expected.slice(10, 20).replace_schema_metadata(None)), "time range differs"

try:
    action("no_such_action", {})
    raise AssertionError("an unknown action was accepted")
except pa.ArrowInvalid as e:
    assert "no available action" in str(e), e

print(json.dumps({"locator": locator, "rows": len(times), "min": times[0], "max": times[-1]}))
