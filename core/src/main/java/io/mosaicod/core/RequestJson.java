package io.mosaicod.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.Locale;

/**
 * The limits every parser of a request body applies, in one place so that the {@code query} body and every other
 * action's agree, and the words that tell a client which limit its body broke: Jackson throws the same exception
 * for each, with a message naming its own classes.
 */
public final class RequestJson {
    /** Deepest nesting a body may have: what upstream's JSON parser accepts. */
    public static final int MAX_NESTING_DEPTH = 128;
    /** Longest string a body may hold, in characters: Jackson's default, named so that a refusal can state it. */
    public static final int MAX_STRING_CHARS = 20_000_000;

    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_NESTING_DEPTH)
            .maxStringLength(MAX_STRING_CHARS)
            .build();

    private RequestJson() {
    }

    /** A JSON factory holding bodies to these limits. */
    public static JsonFactory factory() {
        return JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build();
    }

    /** Which limit {@code broken} reports, in words a client reads: {@code nested deeper than 128 levels}. */
    public static String brokenLimit(StreamConstraintsException broken) {
        String message = String.valueOf(broken.getOriginalMessage());
        if (message.startsWith("Document nesting depth")) {
            return "nested deeper than " + MAX_NESTING_DEPTH + " levels";
        }
        if (message.startsWith("String value length")) {
            // Jackson stops reading the string at the limit, so its full length is unknown
            return over("holds a string longer than", MAX_STRING_CHARS, "characters");
        }
        if (message.startsWith("Number value length")) {
            return over("holds a number longer than", CONSTRAINTS.getMaxNumberLength(), "digits");
        }
        if (message.startsWith("Name length")) {
            return over("holds a field name longer than", CONSTRAINTS.getMaxNameLength(), "characters");
        }
        return "over a size limit";
    }

    private static String over(String what, long limit, String unit) {
        return String.format(Locale.ROOT, "%s %,d %s, the limit", what, limit, unit);
    }
}
