package io.mosaicod.client.generate;

/** Told after every chunk the generator uploads; called from the generator's threads, so thread-safe. */
@FunctionalInterface
public interface GenerationListener {
    GenerationListener NONE = progress -> { };

    void onChunk(GenerationProgress progress);
}
