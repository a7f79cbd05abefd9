package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link WakeLatency} prints a row for each way of waking (start, unpark, its own timer), each with the samples asked for. */
class WakeLatencyTest {
    @Test
    void printsARowForStartsAndOneForUnparks() throws InterruptedException {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            WakeLatency.main(new String[] {"10"});
        } finally {
            System.setOut(out);
        }
        List<String> rows = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5, rows.size(), String.join("\n", rows));
        assertTrue(rows.get(2).startsWith("| Thread.start | 10 | "), rows.get(2));
        assertTrue(rows.get(3).startsWith("| LockSupport.unpark | 10 | "), rows.get(3));
        assertTrue(rows.get(4).startsWith("| its own timer (parkNanos 1 ms) | 10 | "), rows.get(4));
    }

    @Test
    void refusesTooFewSamples() {
        assertThrows(IllegalArgumentException.class, () -> WakeLatency.main(new String[] {"9"}));
    }
}
