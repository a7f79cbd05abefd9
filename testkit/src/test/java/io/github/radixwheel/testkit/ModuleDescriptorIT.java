package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The packaged jars: the module descriptor (only the API package exported),
 * the licence and the manifest, and the sources and javadoc jars beside them.
 */
class ModuleDescriptorIT {
    private static final Path JAR = Path.of(System.getProperty("moduleJar"));

    @Test
    void jar_describesModuleAndExportsOnlyItsApi() {
        ModuleDescriptor d = ModuleFinder.of(JAR).findAll().iterator().next().descriptor();
        assertEquals("io.github.radixwheel.testkit", d.name());
        assertEquals(false, d.isAutomatic());
        Map<String, Set<String>> exports = new TreeMap<>();
        d.exports().forEach(e -> exports.put(e.source(), e.targets()));
        assertEquals(Map.of("io.github.radixwheel.testkit", Set.of()), exports);
        assertEquals(Set.of("java.base", "io.github.radixwheel.alarms", "net.jqwik.api"), names(d.requires()));
    }

    @Test
    void jar_carriesModuleInfoLicenceAndVersion() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertNotNull(jar.getEntry("module-info.class"), "module-info.class");
            JarEntry licence = jar.getJarEntry("META-INF/LICENSE");
            assertNotNull(licence, "META-INF/LICENSE");
            assertArrayEquals(Files.readAllBytes(Path.of("../LICENSE")), jar.getInputStream(licence).readAllBytes());
            Attributes manifest = jar.getManifest().getMainAttributes();
            assertEquals(System.getProperty("projectVersion"), manifest.getValue("Implementation-Version"));
            assertEquals("radixwheel-testkit", manifest.getValue("Implementation-Title"));
        }
    }

    @Test
    void javadocAndSourcesJars_areBuilt() throws IOException {
        try (JarFile javadoc = new JarFile(sibling("-javadoc.jar"))) {
            assertNotNull(javadoc.getEntry("io.github.radixwheel.testkit/io/github/radixwheel/testkit/ReferenceQueue.html"));
            assertFalse(javadoc.stream().anyMatch(e -> e.getName().endsWith("/ModelOrder.html")), "internals documented");
        }
        try (JarFile sources = new JarFile(sibling("-sources.jar"))) {
            assertNotNull(sources.getEntry("io/github/radixwheel/testkit/ReferenceQueue.java"));
        }
    }

    /** The jar beside the module jar whose name ends in {@code suffix} instead of {@code .jar}. */
    private static File sibling(String suffix) {
        String name = JAR.getFileName().toString();
        Path path = JAR.resolveSibling(name.substring(0, name.length() - ".jar".length()) + suffix);
        assertTrue(Files.isRegularFile(path), path + " was not built");
        return path.toFile();
    }

    static Set<String> names(Set<ModuleDescriptor.Requires> requires) {
        Set<String> out = new java.util.TreeSet<>();
        requires.forEach(r -> out.add(r.name()));
        return out;
    }
}
