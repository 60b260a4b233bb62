package io.mosaicod.db;

import java.util.Arrays;

/** The kind of a mosaicod process, named as on its command line. */
public enum InstanceKind {
    SERVER("server"), STORE_OPTIMIZER("store-optimizer"), CLEANUP("cleanup");

    private final String label;

    InstanceKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static InstanceKind ofLabel(String label) {
        return Arrays.stream(values()).filter(k -> k.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown instance kind '" + label + "'"));
    }
}
