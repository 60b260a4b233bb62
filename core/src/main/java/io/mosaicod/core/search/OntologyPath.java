package io.mosaicod.core.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code <tag>.<field>[.<sub>...]}: a leaf of a topic's Arrow columns, struct fields by name, with at most one
 * list specifier on one segment: {@code [i]} (element i), {@code [?]} (any element) or {@code [!]} (every
 * element).
 */
public record OntologyPath(String tag, List<String> fields, Optional<ListSpecifier> list) {
    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z0-9_-]+)(?:\\[([0-9]+|\\?|!)\\])?");

    /** Which elements of a list column a condition applies to, and after which field it sits. */
    public record ListSpecifier(int afterField, Kind kind, int index) {
        public enum Kind { ELEMENT, ANY, EVERY }
    }

    public OntologyPath {
        fields = List.copyOf(fields);
    }

    /** @throws BadFilterException when the path has no field, a malformed segment or two list specifiers */
    public static OntologyPath parse(String text) {
        String[] segments = text.split("\\.", -1);
        if (segments.length < 2) {
            throw new BadFilterException("ontology path `" + text + "` must be `<ontology_tag>.<field>`");
        }
        List<String> fields = new ArrayList<>();
        Optional<ListSpecifier> list = Optional.empty();
        for (int i = 0; i < segments.length; i++) {
            Matcher segment = SEGMENT.matcher(segments[i]);
            if (!segment.matches() || i == 0 && segment.group(2) != null) {
                throw new BadFilterException("invalid ontology path `" + text + "` at `" + segments[i] + "`");
            }
            if (i > 0) {
                fields.add(segment.group(1));
            }
            if (segment.group(2) != null) {
                if (list.isPresent()) {
                    throw new BadFilterException("ontology path `" + text + "` has more than one list specifier");
                }
                list = Optional.of(specifier(text, fields.size() - 1, segment.group(2)));
            }
        }
        return new OntologyPath(segments[0], fields, list);
    }

    private static ListSpecifier specifier(String text, int afterField, String spec) {
        return switch (spec) {
            case "?" -> new ListSpecifier(afterField, ListSpecifier.Kind.ANY, -1);
            case "!" -> new ListSpecifier(afterField, ListSpecifier.Kind.EVERY, -1);
            default -> {
                try {
                    yield new ListSpecifier(afterField, ListSpecifier.Kind.ELEMENT, Integer.parseInt(spec));
                } catch (NumberFormatException e) {
                    throw new BadFilterException("list index out of range in ontology path `" + text + "`");
                }
            }
        };
    }
}
