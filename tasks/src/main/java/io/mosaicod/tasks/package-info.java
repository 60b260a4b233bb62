/** mosaicod tasks module. */
package io.mosaicod.tasks;
