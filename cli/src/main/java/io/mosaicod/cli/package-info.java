/** mosaicod cli module. */
package io.mosaicod.cli;
