/** mosaicod db module. */
package io.mosaicod.db;
