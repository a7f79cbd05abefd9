package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The packaged jar describes its module: only the API package exported; core and fastutil required. */
class ModuleDescriptorIT {
    @Test
    void jar_describesModuleAndExportsOnlyItsApi() {
        ModuleDescriptor d = ModuleFinder.of(Path.of(System.getProperty("moduleJar"))).findAll().iterator().next()
                .descriptor();
        assertEquals("io.github.radixwheel.alarms", d.name());
        assertEquals(false, d.isAutomatic());
        Set<String> exports = new TreeSet<>();
        d.exports().forEach(e -> {
            assertEquals(Set.of(), e.targets());
            exports.add(e.source());
        });
        assertEquals(Set.of("io.github.radixwheel.alarms"), exports);
        Set<String> requires = new TreeSet<>();
        d.requires().forEach(r -> requires.add(r.name()));
        assertEquals(Set.of("java.base", "io.github.radixwheel.core", "it.unimi.dsi.fastutil.core"), requires);
    }
}
