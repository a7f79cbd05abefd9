package io.github.radixwheel.alarms.readme;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The README's code and where the tests keep it. Each sample lives in a test source (or test
 * resource) file between a line {@code // README begin} and a line {@code // README end}; the
 * tests compile and run it there, and the README shows the lines in between, less the markers'
 * indentation. Paths are relative to a module directory, where Maven runs the tests.
 */
final class ReadmeSnippets {
    static final Path README = Path.of("../README.md");
    /** The test trees of the library modules. */
    static final List<Path> TEST_TREES = List.of(Path.of("../core/src/test"), Path.of("../alarms/src/test"),
            Path.of("../netty/src/test"), Path.of("../testkit/src/test"));

    private static final String BEGIN = "// README begin";
    private static final String END = "// README end";
    private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```$");

    private ReadmeSnippets() {}

    /** A marked region: where it is and its text as the README shows it. */
    record Region(Path file, int line, String text) {}

    /** A fenced code block of the README. */
    record Block(String language, String text) {}

    static List<Region> regions() {
        List<Region> out = new ArrayList<>();
        for (Path tree : TEST_TREES) {
            try (Stream<Path> files = Files.walk(tree)) {
                for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java")).sorted()::iterator) {
                    out.addAll(regionsOf(file));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static List<Region> regionsOf(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<Region> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String begin = lines.get(i);
            if (!begin.strip().equals(BEGIN)) {
                continue;
            }
            int indent = begin.indexOf(BEGIN);
            StringBuilder text = new StringBuilder();
            int j = i + 1;
            for (; j < lines.size() && !lines.get(j).strip().equals(END); j++) {
                String line = lines.get(j);
                if (!line.isBlank() && !line.substring(0, Math.min(indent, line.length())).isBlank()) {
                    throw new IllegalStateException(file + ":" + (j + 1) + " is indented less than its README marker");
                }
                text.append(line.length() <= indent ? "" : line.substring(indent)).append('\n');
            }
            if (j == lines.size()) {
                throw new IllegalStateException(file + ":" + (i + 1) + ": no '" + END + "' after this '" + BEGIN + "'");
            }
            out.add(new Region(file, i + 1, text.toString()));
            i = j;
        }
        return out;
    }

    static List<Block> blocks() throws IOException {
        Matcher m = FENCE.matcher(Files.readString(README));
        List<Block> out = new ArrayList<>();
        while (m.find()) {
            out.add(new Block(m.group(1), m.group(2)));
        }
        return out;
    }
}
