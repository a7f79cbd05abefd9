package io.github.radixwheel.alarms;

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
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The packaged jars: the module descriptor (only the API package exported to all; core and fastutil
 * required), the licence and the manifest, and the sources and javadoc jars beside them.
 */
class ModuleDescriptorIT {
    private static final Path JAR = Path.of(System.getProperty("moduleJar"));

    @Test
    void jar_describesModuleAndExportsOnlyItsApi() {
        ModuleDescriptor d = ModuleFinder.of(JAR).findAll().iterator().next().descriptor();
        assertEquals("io.github.radixwheel.alarms", d.name());
        assertEquals(false, d.isAutomatic());
        Set<String> exports = new TreeSet<>();
        d.exports().forEach(e -> exports.add(e.source() + " to " + e.targets()));
        // The internals only to the Netty timer's module.
        assertEquals(Set.of("io.github.radixwheel.alarms to []",
                "io.github.radixwheel.alarms.internal to [io.github.radixwheel.netty]"), exports);
        Set<String> requires = new TreeSet<>();
        d.requires().forEach(r -> requires.add(r.name()));
        assertEquals(Set.of("java.base", "io.github.radixwheel.core", "it.unimi.dsi.fastutil.core"), requires);
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
            assertEquals("radixwheel-alarms", manifest.getValue("Implementation-Title"));
        }
    }

    @Test
    void javadocAndSourcesJars_areBuilt() throws IOException {
        try (JarFile javadoc = new JarFile(sibling("-javadoc.jar"))) {
            assertNotNull(javadoc.getEntry("io.github.radixwheel.alarms/io/github/radixwheel/alarms/KeyedTimer.html"));
            assertFalse(javadoc.stream().anyMatch(e -> e.getName().contains("/internal/")), "internal package documented");
        }
        try (JarFile sources = new JarFile(sibling("-sources.jar"))) {
            assertNotNull(sources.getEntry("io/github/radixwheel/alarms/KeyedTimer.java"));
        }
    }

    /** The jar beside the module jar whose name ends in {@code suffix} instead of {@code .jar}. */
    private static File sibling(String suffix) {
        String name = JAR.getFileName().toString();
        Path path = JAR.resolveSibling(name.substring(0, name.length() - ".jar".length()) + suffix);
        assertTrue(Files.isRegularFile(path), path + " was not built");
        return path.toFile();
    }
}
