"""The Arrow schemas the upstream mosaico Python SDK (package `mosaicolabs`) sends in DoPut, one per built-in model.

Plain pyarrow, no SDK import. `MODELS` is a list of `(model_name, ontology_tag, schema)`; each schema is exactly what
the SDK's topic writer opens its DoPut stream with (`Message._get_schema(model)`): the envelope column `timestamp_ns`
followed by the model's own fields, in the SDK's order, with the SDK's nullability and the `description` field metadata
it puts on every field it declares (nested fields included; list items carry none). There is no schema-level metadata.

Where this was read (repository mosaico-labs/mosaico, folder mosaico-sdk-py/src/mosaicolabs/, SDK 0.6.x -> 0.7.0-dev,
the tree whose CHANGELOG lists 0.7.0 as unreleased):
  - type mapping: models/core/types.py (`MosaicoType`, `MosaicoField`) and models/core/serializable.py
    (`_build_ontology_struct`, `_resolve_type`), read at 043ece4b and 4c3316fd; envelope: models/core/message.py at
    cb031d4d; DoPut schema: handlers/internal/topic_write_state.py (`Message._get_schema(data_schema)`).
  - models, at cb031d4d848b8d8e36c688bc8ce69fd6b1409f9c where stored there: models/data/{base_types,geometry,mixins,
    kinematics,roi}.py, models/sensors/{gps,range}.py, models/futures/grids.py. Files not stored at that commit were
    read at the nearest later-layout commit (imports from `..core`, HeaderMixin from `..data`): sensors/{imu,camera,
    image,magnetometer,pressure}.py and futures/depth_camera.py at 93813a8f; futures/laser.py at 4c3316fd;
    data/header.py at 085b3898; data/time.py at 5a2a6ef5 (Time + Duration); data/dynamics.py, sensors/{temperature,
    robot,joy}.py, futures/{lidar,radar}.py from the index's later-layout copies (commit not shown by the index).
  - `LargeString`: data/base_types.py at 93813a8f; it is gone from base_types.py at cb031d4d (see NOT_IN_LATEST).
  - `LEGACY_MODELS` (older 0.5-era layout): models/message.py at 272c066b, models/header.py, models/mixins.py and
    models/data/base_types.py at 23451086.

How the SDK maps a model to Arrow (what the helpers below reproduce):
  - `MosaicoType.<t>` is the Arrow type `<t>`; plain `int/float/str/bool/bytes` are int64/float64/string/bool/binary;
    a `str` Enum (ImageFormat) is string; `MosaicoType.list_(T)` is `list<T>`, `list_(T, list_size=n)` is the
    fixed-size `list<T, n>`; a plain `List[List[T]]` is `list<list<T>>`; a nested model (Vector3d, Pose, Time...)
    is a struct made of that model's *own full* struct, so a nested Vector3d carries its header and covariance too;
    a `dict` would be `map<K, V>` but no built-in model has one.
  - nullability: `MosaicoField(nullable=...)` (default False); any field whose default is None is nullable.
  - field order is pydantic's: fields of later base classes first, so `class IMU(Serializable, HeaderMixin)` puts
    `header` before IMU's own fields, and `Range(Serializable, HeaderMixin, VarianceMixin)` puts `variance,
    variance_type, header` first.
  - ontology tag: the SDK in this tree sends `__ontology_tag__ or cls.__name__`, i.e. the class name ("IMU",
    "CameraInfo"); the older SDK (and the docs) used snake_case of the class name ("imu", "camera_info"):
    `legacy_ontology_tag(name)` gives that form.

55 models in the latest tree (32 data, 13 sensors, 10 futures) plus `LargeString` = 56 entries in MODELS.
"""
import re

import pyarrow as pa

# ---------------------------------------------------------------------------------------------------------------------
# building blocks


def _field(name, typ, nullable, description):
    return pa.field(name, typ, nullable=nullable, metadata={"description": description})


def required(name, typ, description):
    """A field declared with `MosaicoField(description=...)` and no default: not nullable."""
    return _field(name, typ, False, description)


def optional(name, typ, description):
    """A field with `default=None` or `nullable=True`: nullable."""
    return _field(name, typ, True, description)


def list_of(typ, size=None):
    """`MosaicoType.list_(typ)` (variable length) or `MosaicoType.list_(typ, list_size=size)` (fixed size)."""
    return pa.list_(typ, size) if size else pa.list_(typ)


F16, F32, F64 = pa.float16(), pa.float32(), pa.float64()

TIMESTAMP_NS = required("timestamp_ns", pa.int64(), "Ingestion timestamp in nanoseconds (record time).")


def topic_schema(*payload_fields):
    """What DoPut carries: the Message envelope, then the model's fields."""
    return pa.schema([TIMESTAMP_NS, *payload_fields])


# ---------------------------------------------------------------------------------------------------------------------
# shared sub-structures (data/time.py, data/header.py, data/mixins.py, data/geometry.py)


def time_fields():
    """Time and Duration: seconds int64, nanoseconds uint64, both required."""
    return [required("seconds", pa.int64(), "Time in seconds."),
            required("nanoseconds", pa.uint64(), "Time in nanoseconds.")]


def time_struct():
    return pa.struct(time_fields())


def header_fields():
    return [
        optional("timestamp", time_struct(), "Timestamp representing when the data has been measured"),
        optional("frame_id", pa.string(), "String representing the acquired data reference system name"),
        optional("sample_counter", pa.uint64(), "An optional counter used to track how many samples have been "
                                                "processed. It needs to be monotonically increasing"),
    ]


def header():
    """HeaderMixin's `header` field (always optional)."""
    return optional("header", pa.struct(header_fields()),
                    "Contains measure metadata like timestamp, reference frame and samples counter.")


def covariance():
    """CovarianceMixin's two optional fields."""
    return [optional("covariance", list_of(F64), "The covariance matrix (flattened) of the data."),
            optional("covariance_type", pa.int16(), "Enum integer representing the covariance parameterization.")]


def variance():
    """VarianceMixin's two optional fields (the description typo is the SDK's)."""
    return [optional("variance", F64, "The variacne of the data."),
            optional("variance_type", pa.int16(), "Enum integer representing the variance parameterization.")]


def vector_fields(*axes):
    """Vector2d/3d/4d, Point2d/3d, Quaternion: header, covariance, then nullable float64 components."""
    return [header(), *covariance(), *[optional(a, F64, f"Vector {a} component.") for a in axes]]


def vector2d():
    return pa.struct(vector_fields("x", "y"))


def vector3d():
    return pa.struct(vector_fields("x", "y", "z"))


def quaternion():
    return pa.struct(vector_fields("x", "y", "z", "w"))


point3d = vector3d  # same layout, different class


def transform_fields():
    return [header(), *covariance(),
            required("translation", vector3d(), "3D translation vector."),
            required("rotation", quaternion(), "Quaternion representing rotation."),
            optional("target_frame_id", pa.string(), "Target frame identifier.")]


def pose_fields():
    return [header(), *covariance(),
            required("position", point3d(), "3D translation vector."),
            required("orientation", quaternion(), "Quaternion representing rotation.")]


def pose():
    return pa.struct(pose_fields())


def twist_fields(kind):
    """Velocity (kind='velocity') and Acceleration (kind='acceleration'): header, covariance, linear, angular."""
    return [header(), *covariance(),
            optional("linear", vector3d(), f"3D linear {kind} vector."),
            optional("angular", vector3d(), f"3D angular {kind} vector.")]


def roi_fields():
    return [required("offset", vector2d(), "(Leftmost, Rightmost) pixels of the ROI."),
            required("height", pa.uint32(), "Height pixel of the ROI."),
            required("width", pa.uint32(), "Width pixel of the ROI."),
            optional("do_rectify", pa.bool_(), "False if the full image is captured (ROI not used) and True if a "
                                               "subwindow is captured (ROI used) (optional). False if Null")]


def gps_status_fields():
    return [required("status", pa.int8(), "Fix status."),
            required("service", pa.uint16(), "Service used (GPS, GLONASS, etc)."),
            optional("satellites", pa.int8(), "Satellites visible/used."),
            optional("hdop", F64, "Horizontal Dilution of Precision."),
            optional("vdop", F64, "Vertical Dilution of Precision.")]


def map_metadata_fields():
    return [required("map_load_time", time_struct(), "Time (in nanoseconds) at which the map has been loaded."),
            required("resolution", F32, "Resolution of the map [m/cell]."),
            required("width", pa.uint32(), "Number of cells representing the width of the map [cells]."),
            required("height", pa.uint32(), "Number of cells representing the height of the map [cells]."),
            required("origin", pose(), "Where the map starts in the real world.")]


def depth_camera_fields():
    """_DepthCameraBase, after the header (RGBDCamera, ToFCamera, StereoCamera)."""
    return [required("x", list_of(F32), "Horizontal position derived from depth."),
            required("y", list_of(F32), "Vertical position derived from depth."),
            required("z", list_of(F32), "Depth value directly (distance along optical axis)."),
            optional("rgb", list_of(F32), "Packed RGB color value."),
            optional("intensity", list_of(F32), "Signal amplitude/intensity.")]


def laser_scan_fields(ranges_type):
    """_LaserScanBase plus ranges/intensities; list<float32> (LaserScan) or list<list<float32>> (multi-echo)."""
    return [header(),
            required("angle_min", F32, "start angle of the scan in rad."),
            required("angle_max", F32, "end angle of the scan in rad."),
            required("angle_increment", F32, "angular distance between measurements in rad."),
            required("time_increment", F32, "time between measurements in seconds."),
            required("scan_time", F32, "time between scans in seconds."),
            required("range_min", F32, "minimum range value in meters."),
            required("range_max", F32, "maximum range value in meters."),
            required("ranges", ranges_type,
                     "range data in meters. Ranges need to be between range min and max otherwise discarded."),
            optional("intensities", ranges_type, "intensity data.")]


def _scalar(description, typ):
    """The base-type wrappers (Integer8 ... String): one required `data` field, no header."""
    return [required("data", typ, description)]


# ---------------------------------------------------------------------------------------------------------------------
# the models


def _ontology():
    f32s, u8s = list_of(F32), list_of(pa.uint8())
    return [
        # models/data/base_types.py
        ("Integer8", _scalar("8-bit Integer data.", pa.int8())),
        ("Integer16", _scalar("16-bit Integer data.", pa.int16())),
        ("Integer32", _scalar("32-bit Integer data.", pa.int32())),
        ("Integer64", _scalar("64-bit Integer data.", pa.int64())),
        ("Unsigned8", _scalar("8-bit Unsigned data.", pa.uint8())),
        ("Unsigned16", _scalar("16-bit Unsigned data.", pa.uint16())),
        ("Unsigned32", _scalar("32-bit Unsigned data.", pa.uint32())),
        ("Unsigned64", _scalar("64-bit Unsigned data.", pa.uint64())),
        ("Floating16", _scalar("16-bit Floating-point data.", F16)),
        ("Floating32", _scalar("32-bit Floating-point data.", F32)),
        ("Floating64", _scalar("64-bit Floating-point data.", F64)),
        ("Boolean", _scalar("Boolean data.", pa.bool_())),
        ("String", _scalar("String data.", pa.string())),
        ("LargeString", _scalar("Large string data.", pa.large_string())),  # see NOT_IN_LATEST
        # models/data/time.py, header.py
        ("Time", time_fields()),
        ("Duration", time_fields()),
        ("Header", header_fields()),
        # models/data/geometry.py
        ("Vector2d", vector_fields("x", "y")),
        ("Vector3d", vector_fields("x", "y", "z")),
        ("Vector4d", vector_fields("x", "y", "z", "w")),
        ("Point2d", vector_fields("x", "y")),
        ("Point3d", vector_fields("x", "y", "z")),
        ("Quaternion", vector_fields("x", "y", "z", "w")),
        ("Transform", transform_fields()),
        ("Pose", pose_fields()),
        ("RobotPath", [header(), required("poses", list_of(pose()), "Series of waypoints the robot needs to follow.")]),
        ("Polygon", [header(), required("points", list_of(point3d()), "List of polygon vertices as 3D points.")]),
        # models/data/kinematics.py
        ("Velocity", twist_fields("velocity")),
        ("Acceleration", twist_fields("acceleration")),
        ("MotionState", [
            header(), *covariance(),
            required("pose", pose(), "6D pose with optional time and covariance info."),
            required("velocity", pa.struct(twist_fields("velocity")),
                     "6D velocity with optional time and covariance info."),
            required("target_frame_id", pa.string(), "Target frame identifier."),
            optional("acceleration", pa.struct(twist_fields("acceleration")),
                     "6D acceleration with optional time and covariance info."),
        ]),
        # models/data/dynamics.py
        ("ForceTorque", [header(), *covariance(),
                         required("force", vector3d(), "3D linear force."),
                         required("torque", vector3d(), "3D torque vector.")]),
        ("Inertia", [header(),
                     required("mass", F64, "Mass of the object."),
                     required("center_of_mass", vector3d(), "Center of mass of the object."),
                     required("inertia", list_of(F64, 6), "Inertia tensor components [ixx, ixy, ixz, iyy, iyz, izz].")]),
        # models/data/roi.py
        ("ROI", roi_fields()),
        # models/sensors/
        ("CameraInfo", [
            header(),
            required("height", pa.uint32(), "Height in pixels of the image with which the camera was calibrated."),
            required("width", pa.uint32(), "Width in pixels of the image with which the camera was calibrated."),
            required("distortion_model", pa.string(),
                     "The distortion model used (e.g., 'plumb_bob', 'rational_polynomial')."),
            required("distortion_parameters", list_of(F64),
                     "The distortion coefficients (k1, k2, t1, t2, k3...). Size depends on the model."),
            required("intrinsic_parameters", list_of(F64, 9),
                     "The 3x3 Intrinsic Matrix (K) flattened row-major. "
                     "Projects 3D points in the camera coordinate frame to 2D pixel coordinates."),
            required("rectification_parameters", list_of(F64, 9),
                     "The 3x3 Rectification Matrix (R) flattened row-major. "
                     "Used for stereo cameras to align the two image planes."),
            required("projection_parameters", list_of(F64, 12),
                     "The 3x4 Projection Matrix (P) flattened row-major. "
                     "Projects 3D world points directly into the rectified image pixel coordinates."),
            optional("binning", vector2d(), "Hardware binning factor (x, y). If null, assumes (0, 0) (no binning)."),
            optional("roi", pa.struct(roi_fields()),
                     "Region of Interest. Used if the image is a sub-crop of the full resolution."),
        ]),
        ("GPSStatus", gps_status_fields()),
        ("GPS", [header(),
                 required("position", point3d(), "Lat/Lon/Alt (WGS 84)."),
                 optional("velocity", vector3d(), "Velocity vector [North, East, Alt] m/s."),
                 optional("status", pa.struct(gps_status_fields()), "Receiver status info.")]),
        ("NMEASentence", [header(), required("sentence", pa.string(), "Raw ASCII sentence.")]),
        ("Image", [header(),
                   required("data", pa.binary(), "The flattened image memory buffer."),
                   required("format", pa.string(), "Container format (e.g., 'raw', 'png')."),
                   required("width", pa.int32(), "Image width in pixels."),
                   required("height", pa.int32(), "Image height in pixels."),
                   required("stride", pa.int32(), "Bytes per row. Essential for alignment."),
                   required("encoding", pa.string(), "Pixel format (e.g., 'bgr8', 'mono16')."),
                   optional("is_bigendian", pa.bool_(),
                            "True if data is Big-Endian. Defaults to system endianness if null.")]),
        ("CompressedImage", [header(),
                             required("data", pa.binary(), "The serialized (compressed) image data as bytes."),
                             required("format", pa.string(), "The compression format (e.g., 'jpeg', 'png').")]),
        ("IMU", [header(),
                 required("acceleration", vector3d(), "Linear acceleration vector [ax, ay, az] in m/s^2."),
                 required("angular_velocity", vector3d(), "Angular velocity vector [wx, wy, wz] in rad/s."),
                 optional("orientation", quaternion(), "Estimated orientation [qx, qy, qz, qw].")]),
        ("Magnetometer", [header(),
                          required("magnetic_field", vector3d(), "Magnetic field vector [mx, my, mz] in microTesla.")]),
        ("Pressure", [*variance(), header(),
                      required("value", F64, "The absolute pressure reading from the sensor in Pascals.")]),
        ("Temperature", [*variance(), header(), required("value", F64, "Temperature value in Kelvin.")]),
        ("Range", [*variance(), header(),
                   required("radiation_type", pa.uint8(), "Which type of radiation the sensor used."),
                   required("field_of_view", F32,
                            "The arc angle, in radians, over which the distance reading is valid."),
                   # the missing space in "rangemust" is the SDK's
                   required("min_range", F32, "Minimum range value in meters. Fixed distance means that the minimum "
                                              "rangemust be equal to the maximum range."),
                   required("max_range", F32, "Maximum range value in meters. Fixed distance means that the minimum "
                                              "rangemust be equal to the maximum range."),
                   required("range", F32, "Range value in meters.")]),
        ("RobotJoint", [header(),
                        required("names", list_of(pa.string()), "Names of the different robot joints"),
                        required("positions", list_of(F64), "Positions ([rad] or [m]) of the different robot joints"),
                        required("velocities", list_of(F64),
                                 "Velocities ([rad/s] or [m/s]) of the different robot joints"),
                        required("efforts", list_of(F64),
                                 "Efforts ([N] or [N*m]) applied to the different robot joints")]),
        ("Joy", [header(),
                 required("axes", f32s, "The axes measurements from a joystick."),
                 required("buttons", list_of(pa.int32()), "The buttons measurements from a joystick.")]),
        # models/futures/
        ("RGBDCamera", [header(), *depth_camera_fields()]),
        ("ToFCamera", [header(), *depth_camera_fields(),
                       optional("noise", f32s, "Noise value per pixel."),
                       optional("grayscale", f32s, "Grayscale amplitude.")]),
        ("StereoCamera", [header(), *depth_camera_fields(),
                          optional("luma", u8s, "Luminance of the corresponding pixel in the rectified image."),
                          optional("cost", u8s,
                                   "Stereo matching cost (disparity confidence measure, 0 = high confidence).")]),
        ("LaserScan", laser_scan_fields(f32s)),
        ("MultiEchoLaserScan", laser_scan_fields(list_of(f32s))),
        ("Lidar", [header(),
                   required("x", f32s, "x coordinates in meters"),
                   required("y", f32s, "y coordinates in meters"),
                   required("z", f32s, "z coordinates in meters"),
                   optional("intensity", f32s, "Surface reflectivity per point."),  # sic: same text as below
                   optional("reflectivity", list_of(pa.uint16()), "Surface reflectivity per point."),
                   optional("beam_id", list_of(pa.uint16()),
                            "Laser beam index (ring / channel / line) that fired each point."),
                   optional("range", f32s, "Distance from the sensor origin to each point, in meters."),
                   optional("near_ir", f32s, "Near-infrared ambient light reading per point."),
                   optional("azimuth", f32s, "Horizontal (azimuth) angle of each point in radians."),
                   optional("elevation", f32s, "Vertical (elevation) angle of each point in radians."),
                   optional("confidence", u8s, "Per-point validity or confidence flags."),
                   optional("return_type", u8s, "Single/dual return classification per point."),
                   optional("point_timestamp", list_of(F64),
                            "Per-point acquisition time offset from the scan start, in seconds.")]),
        ("Radar", [header(),
                   required("x", f32s, "x coordinates in meters."),
                   required("y", f32s, "y coordinates in meters."),
                   required("z", f32s, "z coordinates in meters."),
                   *[optional(name, f32s, description) for name, description in [
                       ("range", "radial distance in meters."),
                       ("azimuth", "azimuth angle in radians."),
                       ("elevation", "elevation angle in radians."),
                       ("rcs", "radar cross section in dBm."),
                       ("snr", "signal to noise ratio in dB."),
                       ("doppler_velocity", "doppler velocity in m/s."),
                       ("vx", "x velocity in m/s."),
                       ("vy", "y velocity in m/s."),
                       ("vx_comp", "x compensated velocity in m/s."),
                       ("vy_comp", "y compensated velocity in m/s."),
                       ("ax", "x acceleration in m/s^2."),
                       ("ay", "y acceleration in m/s^2."),
                       ("radial_speed", "radial speed in m/s."),
                   ]]]),
        ("GridCells", [header(),
                       required("cell_width", F32, "Width of each cell."),
                       required("cell_height", F32, "Height of each cell."),
                       required("cells", list_of(point3d()), "The cell represented by a point at it's center.")]),
        ("MapMetadata", map_metadata_fields()),
        ("OccupancyGrid", [header(),
                           required("info", pa.struct(map_metadata_fields()),
                                    "Info about the map like it's width and height."),
                           required("data", list_of(pa.int8()), "Occupancy probability: 1 means occupied, 0 means "
                                                                "unoccupied and -1 means unkown.")]),
    ]


MODELS = [(name, name, topic_schema(*fields)) for name, fields in _ontology()]

# In MODELS but no longer in the SDK's latest tree (base_types.py at cb031d4d has no LargeString; the SDK now
# canonicalises large_string/string_view to string when it compares schemas).
NOT_IN_LATEST = {"LargeString"}


def legacy_ontology_tag(model_name):
    """The tag the older SDK derived from a class name (snake_case; digits between letters split off)."""
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", model_name)
    s = re.sub(r"([A-Za-z]+)([0-9]+)([A-Za-z]+)", r"\1_\2_\3", s)
    return s.lower()


# ---------------------------------------------------------------------------------------------------------------------
# the older (0.5-era) layout, for the base-type wrappers only: a second envelope column `recording_timestamp_ns`, and a
# HeaderMixin that appends `header{seq, stamp{sec, nanosec}, frame_id}` after the declared fields. Best effort: these
# files were read at commits of the old layout (see the module docstring), not at a tagged release.


def _legacy_header():
    stamp = pa.struct([pa.field("sec", pa.int64()), pa.field("nanosec", pa.uint32())])
    return optional("header", pa.struct([
        optional("seq", pa.uint32(), "Sequence ID. Legacy field."),
        optional("stamp", stamp, "Time of data acquisition."),
        optional("frame_id", pa.string(), "Coordinate frame ID."),
    ]), "The standard metadata header (optional).")


_LEGACY_ENVELOPE = [
    required("timestamp_ns", pa.int64(), "Message/Sensor acquisition timestamp in nanoseconds (resambles the data "
                                         "ontology high precision time header)."),
    optional("recording_timestamp_ns", pa.int64(),
             "Recording timestamp in nanoseconds (different from sensor acquisition time)."),
]

_LEGACY_SCALARS = [
    ("Integer8", pa.int8(), "8-bit Integer data"), ("Integer16", pa.int16(), "16-bit Integer data"),
    ("Integer32", pa.int32(), "32-bit Integer data"), ("Integer64", pa.int64(), "64-bit Integer data"),
    ("Unsigned8", pa.uint8(), "8-bit Unsigned data"), ("Unsigned16", pa.uint16(), "16-bit Unsigned data"),
    ("Unsigned32", pa.uint32(), "32-bit Unsigned data"), ("Unsigned64", pa.uint64(), "64-bit Unsigned data"),
    ("Floating16", F16, "16-bit Floating-point data"), ("Floating32", F32, "32-bit Floating-point data"),
    ("Floating64", F64, "64-bit Floating-point data"), ("Boolean", pa.bool_(), "Boolean data"),
    ("String", pa.string(), "String data"), ("LargeString", pa.large_string(), "Large string data"),
]

LEGACY_MODELS = [(name, legacy_ontology_tag(name),
                  pa.schema([*_LEGACY_ENVELOPE, required("data", typ, description), _legacy_header()]))
                 for name, typ, description in _LEGACY_SCALARS]
