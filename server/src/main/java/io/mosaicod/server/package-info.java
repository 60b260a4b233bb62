/** mosaicod server module. */
package io.mosaicod.server;
