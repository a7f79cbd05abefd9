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
import java.util.Map;
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
    void readme_coordinatesNameTheBuildsVersions() throws IOException {
        String rootPom = Files.readString(Path.of("../pom.xml"));
        Matcher pom = Pattern.compile("<artifactId>radixwheel-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(rootPom);
        assertTrue(pom.find());
        Matcher surefire = Pattern.compile("<artifactId>maven-surefire-plugin</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(rootPom);
        assertTrue(surefire.find());
        Map<String, String> versions = Map.of("io.github.radixwheel", pom.group(1),
                "net.jqwik", property(rootPom, "jqwik.version"), "org.junit.jupiter", property(rootPom, "junit.version"),
                "org.apache.maven.plugins", surefire.group(1)); // the README shows only Surefire's
        List<Block> xml = ReadmeSnippets.blocks().stream().filter(b -> b.language().equals("xml")).collect(Collectors.toList());
        assertFalse(xml.isEmpty(), "README.md shows no Maven coordinates");
        Pattern dependency = Pattern.compile(
                "<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>(?:\\s|<!--.*?-->)*<version>([^<]+)</version>");
        for (Block block : xml) {
            Matcher d = dependency.matcher(block.text());
            assertTrue(d.find(), block.text());
            do {
                assertTrue(versions.containsKey(d.group(1)), "README coordinates of an unknown group: " + d.group());
                assertEquals(versions.get(d.group(1)), d.group(3), "README coordinates of " + d.group(2));
            } while (d.find());
        }
    }

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertTrue(m.find(), name);
        return m.group(1);
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
