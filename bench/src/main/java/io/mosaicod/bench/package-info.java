/** mosaicod bench module. */
package io.mosaicod.bench;
