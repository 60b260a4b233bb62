/** mosaicod testkit module. */
package io.mosaicod.testkit;
