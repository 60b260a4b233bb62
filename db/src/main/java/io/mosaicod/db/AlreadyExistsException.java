package io.mosaicod.db;

import io.mosaicod.core.ClientText;
/** A sequence or topic with this locator already exists (the protocol's ALREADY_EXISTS). */
public final class AlreadyExistsException extends RepositoryException {
    private static final long serialVersionUID = 1L;
    private final String locator;

    public AlreadyExistsException(String what, String locator) {
        super(what + " `" + ClientText.quote(locator) + "` already exists.");
        this.locator = locator;
    }

    public String locator() {
        return locator;
    }
}
