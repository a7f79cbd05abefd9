package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.readme.ReadmeSnippets.Block;
import io.github.radixwheel.alarms.readme.ReadmeSnippets.Region;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README shows exactly the code that the tests compile and run: every marked region of the
 * library modules' tests, unchanged, and no Java block that is not one of them.
 */
class ReadmeSnippetsTest {

    @Test
    void readme_showsEveryMarkedRegionUnchanged() throws IOException {
        List<String> shown = ReadmeSnippets.blocks().stream().map(Block::text).collect(Collectors.toList());
        List<Region> regions = ReadmeSnippets.regions();
        assertTrue(regions.size() >= 6, "too few README regions found: " + regions.size());
        for (Region region : regions) {
            assertTrue(shown.contains(region.text()), "README.md must show " + region.file() + ":" + region.line()
                    + " exactly as the test keeps it:\n" + region.text());
        }
    }

    @Test
    void readme_showsNoJavaThatNoTestKeeps() throws IOException {
        List<String> kept = ReadmeSnippets.regions().stream().map(Region::text).collect(Collectors.toList());
        for (Block block : ReadmeSnippets.blocks()) {
            if (block.language().equals("java")) {
                assertTrue(kept.contains(block.text()), "no test keeps the README block that begins "
                        + block.text().lines().findFirst().orElse("") + "\n" + block.text());
            }
        }
    }

    @Test
    void readme_coordinatesNameTheProjectVersion() throws IOException {
        Matcher pom = Pattern.compile("<artifactId>radixwheel-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("../pom.xml")));
        assertTrue(pom.find());
        List<Block> xml = ReadmeSnippets.blocks().stream().filter(b -> b.language().equals("xml")).collect(Collectors.toList());
        assertFalse(xml.isEmpty(), "README.md shows no Maven coordinates");
        for (Block block : xml) {
            Matcher version = Pattern.compile("<version>([^<]+)</version>").matcher(block.text());
            assertTrue(version.find(), block.text());
            assertEquals(pom.group(1), version.group(1), "README coordinates");
        }
    }

    @Test
    void regionsOf_unterminatedRegion_isRejected(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("A.java"), "class A {\n    // README begin\n    int x;\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ReadmeSnippets.regionsOf(file));
        assertTrue(e.getMessage().contains("A.java:2"), e.getMessage());
    }

    @Test
    void regionsOf_stripsTheMarkersIndentation(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("B.java"),
                "class B {\n    // README begin\n    int x;\n\n        int y;\n    // README end\n}\n");
        assertEquals(List.of("int x;\n\n    int y;\n"),
                ReadmeSnippets.regionsOf(file).stream().map(Region::text).collect(Collectors.toList()));
    }
}
