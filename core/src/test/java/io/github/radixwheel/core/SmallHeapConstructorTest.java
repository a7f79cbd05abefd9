package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A constructor whose slot arrays do not fit in the heap throws an {@code IllegalArgumentException}
 * that names the level bits, the cause, and not only the (small) capacity. Level bits of at most 24
 * per level fit in this build's default heap, so a child JVM with a 24 MB heap makes the attempt:
 * {@code [22, 22]} needs 2^23 slots, 64 MB of links.
 *
 * <p>Regression: the message said {@code capacity: 16 nodes (256 bytes) cannot be allocated},
 * blaming a capacity that was never the problem.
 */
class SmallHeapConstructorTest {

    /** Runs in the child JVM: prints each constructor's exception as {@code class: message}, one per line. */
    public static void main(String[] args) {
        attempt(() -> new TimingWheelQueue<>(LevelBits.of(22, 22)));
        attempt(() -> new IndexedTimingWheelQueue(10, LevelBits.of(22, 22)));
    }

    private static void attempt(Runnable constructor) {
        try {
            constructor.run();
            System.out.println("constructed");
        } catch (Throwable e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage());
        }
    }

    @Test
    void slotArraysTooLargeForTheHeap_throwIAENamingTheLevelBits() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-Xmx24m", "-cp", System.getProperty("java.class.path"),
                SmallHeapConstructorTest.class.getName())
                .redirectErrorStream(true)
                .start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, child.exitValue(), output);
        List<String> lines = output.lines().filter(line -> !line.isBlank()).toList();
        assertEquals(2, lines.size(), output);
        for (String line : lines) {
            assertTrue(line.startsWith(IllegalArgumentException.class.getName() + ": "), line);
            assertTrue(line.contains("LevelBits[22, 22]"), line);
            assertTrue(line.contains("8388608 slots"), line);
            assertTrue(line.contains("cannot be allocated in this JVM's heap"), line);
            assertFalse(line.contains("OutOfMemoryError"), line);
        }
        assertTrue(lines.get(0).contains("capacity 16 "), lines.get(0)); // the queue's default capacity
        assertTrue(lines.get(1).contains("capacity 10 "), lines.get(1));
    }
}
