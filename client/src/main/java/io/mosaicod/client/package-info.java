/** mosaicod client module. */
package io.mosaicod.client;
