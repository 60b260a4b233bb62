/** mosaicod store module. */
package io.mosaicod.store;
