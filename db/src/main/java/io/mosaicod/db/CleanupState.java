package io.mosaicod.db;

public enum CleanupState { RUNNING, SUCCEEDED, FAILED, INTERRUPTED }
