package io.mosaicod.format;

import io.mosaicod.core.ClientText;
import org.apache.arrow.vector.types.pojo.Field;

/** An Arrow field whose type the chunk codec cannot store; names the field path and the type in Arrow's spelling. */
public class UnsupportedColumnTypeException extends IllegalArgumentException {

    public UnsupportedColumnTypeException(String fieldPath, Field field) {
        super("field `" + ClientText.quote(fieldPath) + "` has type " + ClientText.quote(ArrowTypeText.of(field))
                + ", which chunks cannot store");
    }
}
