package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's first example, run here; ReadmeSnippetsTest checks that the README shows it unchanged. */
class ReadmeExampleTest {

    @Test
    void example_deliversInKeyThenInsertionOrder() {
        // README begin
        TimingWheelQueue<String> queue = new TimingWheelQueue<>();     // LevelBits.DEFAULT: any key >= 0 fits
        long a = queue.add(30, "a");                                   // O(1); returns a long handle
        long b = queue.add(10, "b");
        queue.add(20, "c");
        queue.add(20, "d");                                            // equal keys leave in insertion order
        queue.changeKey(a, 5);                                         // O(1) re-key, same handle
        queue.remove(b);                                               // O(1) remove
        List<String> out = new ArrayList<>();
        queue.increaseMinAllowedKey(25, (handle, key, value) ->       // removes keys < 25, in order
                out.add(key + "=" + value));                           // out: [5=a, 20=c, 20=d]
        // README end
        assertEquals(List.of("5=a", "20=c", "20=d"), out);
        assertEquals(0, queue.size());
        assertEquals(25, queue.minAllowedKey());
    }
}
