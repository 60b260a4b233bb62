/** mosaicod format module. */
package io.mosaicod.format;
