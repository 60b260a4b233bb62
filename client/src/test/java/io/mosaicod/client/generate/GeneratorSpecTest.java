package io.mosaicod.client.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class GeneratorSpecTest {

    @Test
    void topicsCycleThroughTheKindsAndAreNumberedFromTheSecondRound() {
        GeneratorSpec spec = GeneratorSpec.defaults().withKinds(List.of(TopicKind.IMU, TopicKind.CAMERA));
        assertThat(List.of(spec.topicPath(0), spec.topicPath(1), spec.topicPath(2), spec.topicPath(3),
                spec.topicPath(4))).containsExactly("imu", "camera/front", "imu_1", "camera/front_1", "imu_2");
        assertThat(spec.kindOf(3)).isEqualTo(TopicKind.CAMERA);
        assertThat(spec.sequenceName(7)).isEqualTo("generated_0007");
    }

    @Test
    void totalsFollowTheShape() {
        GeneratorSpec spec = GeneratorSpec.defaults().withShape(3, 4, 5, 6);
        assertThat(spec.totalChunks()).isEqualTo(60);
        assertThat(spec.totalRows()).isEqualTo(360);
    }

    @Test
    void outOfRangeValuesAreRefusedNamingTheParameter() {
        GeneratorSpec spec = GeneratorSpec.defaults();
        assertThatThrownBy(() -> spec.withShape(0, 1, 1, 1)).hasMessageContaining("sequences");
        assertThatThrownBy(() -> spec.withShape(1, 1, 1, 0)).hasMessageContaining("rowsPerChunk");
        assertThatThrownBy(() -> spec.withOverlap(1.0)).hasMessageContaining("overlap");
        assertThatThrownBy(() -> spec.withOverlap(-0.1)).hasMessageContaining("overlap");
        assertThatThrownBy(() -> spec.withUnsortedFraction(1.5)).hasMessageContaining("unsortedFraction");
        assertThatThrownBy(() -> spec.withKinds(List.of())).hasMessageContaining("kinds");
        assertThatThrownBy(() -> spec.withSequencePrefix("")).hasMessageContaining("sequencePrefix");
    }

    @Test
    void kindsParseAsACommandLineSpellsThem() {
        assertThat(TopicKind.parse(" camera ")).isEqualTo(TopicKind.CAMERA);
        assertThatThrownBy(() -> TopicKind.parse("radar")).hasMessageContaining("radar").hasMessageContaining("imu");
    }

    @Test
    void sequenceMetadataUsesOnlyKeysTheServerAccepts() {
        var metadata = GeneratorSpec.defaults().sequenceMetadata(3);
        assertThat(metadata.path("robot").asText()).isEqualTo("rover-03");
        List<String> keys = new java.util.ArrayList<>();
        collectKeys(metadata, keys);
        assertThat(keys).allMatch(k -> k.matches("[A-Za-z0-9 _-]+") && !k.contains("--"));
    }

    private static void collectKeys(com.fasterxml.jackson.databind.JsonNode node, List<String> keys) {
        node.fields().forEachRemaining(e -> {
            keys.add(e.getKey());
            collectKeys(e.getValue(), keys);
        });
        if (node.isArray()) {
            node.forEach(element -> collectKeys(element, keys));
        }
    }
}
