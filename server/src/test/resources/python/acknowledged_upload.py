"""An independent client (pyarrow.flight, no mosaicod code) asking for acknowledgements (docs/protocol.md, DoPut).

Usage: acknowledged_upload.py PORT SEQUENCE. Uploads one topic in BATCHES batches, each carrying its number as
8 bytes of app_metadata, and after each write blocks until the server's PutResult for it arrives: the server
must answer every batch, in order, with the same bytes, and nothing else. Exits non-zero on the first mismatch;
on success prints one JSON line with what it wrote.
"""
import json
import sys

import pyarrow as pa
import pyarrow.flight as flight

BATCHES = 12
port, sequence = int(sys.argv[1]), sys.argv[2]
client = flight.connect(f"grpc://127.0.0.1:{port}")


def action(name, body):
    results = list(client.do_action(flight.Action(name, json.dumps(body).encode())))
    return json.loads(results[0].body.to_pybytes())["response"]


action("sequence_create", {"locator": sequence, "user_metadata": {}})
session = action("session_create", {"locator": sequence})
locator = f"{sequence}/imu"
topic = action("topic_create", {"locator": locator, "session_uuid": session["uuid"],
                                "serialization_format": "default", "ontology_tag": "imu", "user_metadata": {}})
schema = pa.schema([pa.field("timestamp_ns", pa.int64(), nullable=False), pa.field("acc", pa.float64())])
descriptor = flight.FlightDescriptor.for_command(
    json.dumps({"resource_locator": locator, "topic_uuid": topic["uuid"]}).encode())
writer, acks = client.do_put(descriptor, schema)
rows = 0
for n in range(BATCHES):
    times = list(range(100 * n, 100 * n + 1 + n))
    writer.write_with_metadata(pa.record_batch([pa.array(times, pa.int64()), pa.array([0.5] * len(times))],
                                               schema=schema), pa.py_buffer(n.to_bytes(8, "little")))
    rows += len(times)
    ack = acks.read()
    assert ack is not None, f"batch {n}: the stream ended without its acknowledgement"
    assert int.from_bytes(ack.to_pybytes(), "little") == n, f"batch {n}: acknowledged {ack.to_pybytes()!r}"
writer.done_writing()
assert acks.read() is None, "a PutResult nobody asked for"
writer.close()
print(json.dumps({"locator": locator, "batches": BATCHES, "rows": rows}))
