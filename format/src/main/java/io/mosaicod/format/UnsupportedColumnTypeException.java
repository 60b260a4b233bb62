package io.mosaicod.format;

/** An Arrow field whose type the chunk codec cannot store; names the field path and the type. */
public class UnsupportedColumnTypeException extends IllegalArgumentException {

    public UnsupportedColumnTypeException(String fieldPath, String type) {
        super("field '" + fieldPath + "' has type " + type + ", which chunks cannot store");
    }
}
