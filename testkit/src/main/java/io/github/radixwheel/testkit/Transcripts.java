package io.github.radixwheel.testkit;

import java.util.List;

/** Compares the two sides' transcripts of one action and says where they part. */
final class Transcripts {
    private static final int CONTEXT = 6;

    private Transcripts() {}

    /** @throws AssertionError showing the first line where {@code real} and {@code reference} differ */
    static void assertSame(String action, List<String> real, List<String> reference) {
        if (real.equals(reference)) {
            return;
        }
        int i = 0;
        while (i < real.size() && i < reference.size() && real.get(i).equals(reference.get(i))) {
            i++;
        }
        StringBuilder sb = new StringBuilder("the real structure and its reference differ in ").append(action)
                .append(", at line ").append(i + 1).append(":\n");
        for (int j = Math.max(0, i - CONTEXT); j < i; j++) {
            sb.append("  both:      ").append(real.get(j)).append('\n');
        }
        sb.append("  real:      ").append(i < real.size() ? real.get(i) : "(nothing more)").append('\n');
        sb.append("  reference: ").append(i < reference.size() ? reference.get(i) : "(nothing more)");
        throw new AssertionError(sb.toString());
    }
}
