package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No doc comment of the published packages opens with a block tag. The doc-comment checker of newer
 * JDKs (25 among them) rejects {@code /** @return the size *}{@code /} ("no main description"), and
 * the build treats its warnings as errors, so such a comment fails every build on those JDKs; JDK
 * 17's checker, which CI runs, accepts it. A comment opens with a description or {@code {@return ...}}.
 */
class PublicJavadocTest {
    private static final Pattern DOC_COMMENT = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL);
    private static final Pattern LINE_START = Pattern.compile("^\\s*\\*", Pattern.MULTILINE);

    @Test
    void coreDocCommentsOpenWithADescription() {
        assertNone(Path.of("../core/src/main/java/io/github/radixwheel/core"));
    }

    @Test
    void alarmsDocCommentsOpenWithADescription() {
        assertNone(Path.of("src/main/java/io/github/radixwheel/alarms"));
    }

    @Test
    void aCommentOfBlockTagsAloneIsFound() {
        String source = String.join("\n",
                "/** A sample. */",
                "class Sample {",
                "    /** @return the size */",
                "    int size() { return 0; }",
                "    /** {@return the length} */",
                "    int length() { return 0; }",
                "    /**",
                "     * @param x a value",
                "     */",
                "    Sample(int x) { }",
                "    /**",
                "     * Makes one.",
                "     *",
                "     * @param y a value",
                "     */",
                "    Sample(long y) { }",
                "}");
        assertEquals(List.of(3, 7), openingWithATag(source));
    }

    private static void assertNone(Path packageDir) {
        assertTrue(Files.isDirectory(packageDir), packageDir.toAbsolutePath() + " is not a directory");
        List<String> found = new ArrayList<>();
        for (Path source : sources(packageDir)) {
            for (int line : openingWithATag(read(source))) {
                found.add(source.getFileName() + ":" + line);
            }
        }
        assertTrue(found.isEmpty(), "doc comments with no description, only block tags: " + found);
    }

    /** The line numbers of the doc comments whose first text is a block tag. */
    static List<Integer> openingWithATag(String source) {
        List<Integer> lines = new ArrayList<>();
        Matcher comment = DOC_COMMENT.matcher(source);
        while (comment.find()) {
            String text = LINE_START.matcher(comment.group(1)).replaceAll("").strip();
            if (text.startsWith("@")) {
                lines.add((int) source.substring(0, comment.start()).chars().filter(c -> c == '\n').count() + 1);
            }
        }
        return lines;
    }

    private static List<Path> sources(Path packageDir) {
        try (Stream<Path> files = Files.list(packageDir)) {
            List<Path> sources = files.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
            assertTrue(!sources.isEmpty(), "no sources in " + packageDir);
            return sources;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path source) {
        try {
            return Files.readString(source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
