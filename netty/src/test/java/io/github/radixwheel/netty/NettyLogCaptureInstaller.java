package io.github.radixwheel.netty;

import org.junit.jupiter.api.extension.Extension;

/**
 * Installs {@link NettyLogCapture} as Netty's default logger factory before any test runs: JUnit
 * loads this extension for every test (see {@code junit-platform.properties} and
 * {@code META-INF/services/org.junit.jupiter.api.extension.Extension}), before any timer is made.
 */
@SuppressWarnings("exports") // JUnit's API is on the class path, outside the module
public final class NettyLogCaptureInstaller implements Extension {
    /** Installs the capture, once per JVM. */
    public NettyLogCaptureInstaller() {
        NettyLogCapture.install();
    }
}
