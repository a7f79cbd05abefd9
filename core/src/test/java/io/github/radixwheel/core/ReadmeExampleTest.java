package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's usage example, compiled and run here, and compared with the README's text. */
class ReadmeExampleTest {

    @Test
    void example_runsAndPrintsInOrder() {
        List<String> out = new ArrayList<>();
        // README begin
        TimingWheelQueue<String> queue = new TimingWheelQueue<>();     // LevelBits.DEFAULT: any key >= 0 fits
        long a = queue.add(30, "a");                                   // O(1); returns a long handle
        long b = queue.add(10, "b");
        queue.add(20, "c");
        queue.add(20, "d");                                            // equal keys leave in insertion order
        queue.changeKey(a, 5);                                         // O(1) re-key, same handle
        queue.remove(b);                                               // O(1) remove
        queue.increaseMinAllowedKey(25, (handle, key, value) ->       // removes keys < 25, in order
                out.add(key + "=" + value));                           // 5=a, 20=c, 20=d
        // README end
        assertEquals(List.of("5=a", "20=c", "20=d"), out);
        assertEquals(0, queue.size());
    }

    @Test
    void readme_showsExactlyThisExample() throws IOException {
        List<String> source = Files.readAllLines(Path.of("src/test/java/io/github/radixwheel/core/ReadmeExampleTest.java"));
        int begin = source.indexOf("        // README begin");
        int end = source.indexOf("        // README end");
        StringBuilder example = new StringBuilder();
        for (String line : source.subList(begin + 1, end)) {
            example.append(line.substring(Math.min(8, line.length()))).append('\n');
        }
        String readme = Files.readString(Path.of("../README.md"));
        assertTrue(readme.contains("```java\n" + example + "```"),
                "README.md must show the example exactly as ReadmeExampleTest runs it:\n" + example);
    }
}
