package io.mosaicod.core.apikey;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The permissions of one API key: a non-empty set, written {@code read|write} on the command line and in
 * listings, and stored as upstream's bit mask.
 */
public final class Permissions {
    private final Set<Permission> granted;

    private Permissions(Set<Permission> granted) {
        if (granted.isEmpty()) {
            throw new IllegalArgumentException("an API key needs at least one permission: "
                    + Permission.READ.label() + ", " + Permission.WRITE.label() + ", " + Permission.DELETE.label()
                    + " or " + Permission.MANAGE.label());
        }
        this.granted = Collections.unmodifiableSet(EnumSet.copyOf(granted));
    }

    public static Permissions of(Permission first, Permission... more) {
        return new Permissions(EnumSet.of(first, more));
    }

    /**
     * Parses {@code read|write} (also {@code read,write}; spaces and case ignored).
     *
     * @throws IllegalArgumentException naming the word that is no permission, or saying that none was given
     */
    public static Permissions parse(String text) {
        Set<Permission> granted = EnumSet.noneOf(Permission.class);
        for (String word : text.split("[|,]")) {
            String label = word.strip();
            if (!label.isEmpty()) {
                granted.add(ofLabel(label));
            }
        }
        return new Permissions(granted);
    }

    private static Permission ofLabel(String label) {
        for (Permission permission : Permission.values()) {
            if (permission.label().equalsIgnoreCase(label)) {
                return permission;
            }
        }
        throw new IllegalArgumentException("'" + label + "' is no permission: expected read, write, delete or manage,"
                + " joined with '|' (e.g. \"read|write\")");
    }

    /**
     * The permissions of a stored bit mask.
     *
     * @throws IllegalArgumentException if it holds an unknown bit or none
     */
    public static Permissions ofBits(int bits) {
        Set<Permission> granted = EnumSet.noneOf(Permission.class);
        int known = 0;
        for (Permission permission : Permission.values()) {
            known |= permission.bit();
            if ((bits & permission.bit()) != 0) {
                granted.add(permission);
            }
        }
        if ((bits & ~known) != 0) {
            throw new IllegalArgumentException("unknown permission bits in " + bits);
        }
        return new Permissions(granted);
    }

    public int bits() {
        int bits = 0;
        for (Permission permission : granted) {
            bits |= permission.bit();
        }
        return bits;
    }

    /** Whether a call needing {@code needed} may run: the key has it, or has {@link Permission#MANAGE}. */
    public boolean allows(Permission needed) {
        return granted.contains(needed) || granted.contains(Permission.MANAGE);
    }

    /** The labels, in the order of {@link Permission}: {@code ["read", "write"]}. */
    public List<String> labels() {
        return granted.stream().map(Permission::label).toList();
    }

    /** {@code read|write}. */
    @Override
    public String toString() {
        return granted.stream().map(Permission::label).collect(Collectors.joining("|"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Permissions p && p.granted.equals(granted);
    }

    @Override
    public int hashCode() {
        return granted.hashCode();
    }
}
