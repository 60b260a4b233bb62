package io.mosaicod.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class CompilerTimeTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsTheCompilerThreadsOfARunningJvm() {
        long sum = 0;
        for (int i = 0; i < 50_000_000; i++) { // hot enough to be compiled
            sum += Long.hashCode(sum * 31 + i);
        }
        assertThat(sum).isNotZero();
        double seconds = CompilerTime.seconds(ProcessHandle.current().pid());
        // the test JVM has compiled JUnit, AssertJ and the loop above by now: well over one 10 ms tick, well under its
        // whole CPU time
        assertThat(seconds).isGreaterThan(0.01);
        double processCpu = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos() / 1e9;
        assertThat(seconds).isLessThan(processCpu);
    }

    @Test
    void aProcessThatIsGoneHasCompiledNothing() {
        assertThat(CompilerTime.seconds(Long.MAX_VALUE)).isZero();
    }
}
