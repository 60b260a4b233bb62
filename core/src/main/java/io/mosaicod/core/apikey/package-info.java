/**
 * API keys (PROTOCOL.md §7): the token a client sends in the {@code mosaico-api-key-token} header, and the
 * permissions a key grants. Only a hash of a token's secret part is ever stored ({@code ApiKeyToken#payloadHash}).
 */
package io.mosaicod.core.apikey;
