package io.github.radixwheel.core.internal;

/**
 * One bit per slot of a level, set while the slot holds an element, with a summary word per 64
 * words when the level has more than 64 slots. Finding the next occupied slot costs one
 * {@code tzcnt} per word visited, never a walk over empty slots. Public for the alarms module's
 * task wheel, which links its tasks itself.
 */
public final class OccupancyBitmap {
    private final int numSlots;
    private final long[] words;
    /** Bit {@code w} set iff {@code words[w] != 0}; null when there is a single word. */
    private final long[] summary;

    /** @param numSlots the number of slots, a power of two */
    public OccupancyBitmap(int numSlots) {
        this.numSlots = numSlots;
        int numWords = Math.max(1, numSlots >>> 6);
        this.words = new long[numWords];
        this.summary = numWords == 1 ? null : new long[Math.max(1, numWords >>> 6)];
    }

    /** Sets the bit of a slot. */
    public void set(int slot) {
        int w = slot >>> 6;
        words[w] |= 1L << slot;
        if (summary != null) {
            summary[w >>> 6] |= 1L << w;
        }
    }

    /**
     * Clears the bit of a slot.
     *
     * @return whether no bit is set any more
     */
    public boolean clear(int slot) {
        int w = slot >>> 6;
        if ((words[w] &= ~(1L << slot)) != 0) {
            return false;
        }
        if (summary == null) {
            return true;
        }
        if ((summary[w >>> 6] &= ~(1L << w)) != 0) {
            return false;
        }
        for (long word : summary) { // rare: a whole summary word just emptied
            if (word != 0) {
                return false;
            }
        }
        return true;
    }

    /** {@return the least set bit after {@code slot} in {@code slot}'s word, or -1} */
    int nextInWord(int slot) {
        long after = words[slot >>> 6] & (-2L << slot);
        return after == 0 ? -1 : (slot & ~63) | Long.numberOfTrailingZeros(after);
    }

    /** {@return whether the slot's bit is set} */
    public boolean get(int slot) {
        return (words[slot >>> 6] & (1L << slot)) != 0;
    }

    /** {@return the least occupied slot {@code >= from}, or -1} */
    public int nextSetBit(int from) {
        if (from >= numSlots) {
            return -1;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L << from);
        if (bits != 0) {
            return (w << 6) | Long.numberOfTrailingZeros(bits);
        }
        if (summary == null || ++w == words.length) {
            return -1;
        }
        int s = w >>> 6;
        long candidates = summary[s] & (-1L << w);
        while (candidates == 0) {
            if (++s == summary.length) {
                return -1;
            }
            candidates = summary[s];
        }
        int word = (s << 6) | Long.numberOfTrailingZeros(candidates);
        return (word << 6) | Long.numberOfTrailingZeros(words[word]);
    }

    /** {@return the first occupied slot at or after {@code from}, wrapping around once, or -1} */
    int nextSetBitCyclic(int from) {
        int slot = nextSetBit(from);
        return slot >= 0 || from == 0 ? slot : nextSetBit(0);
    }

    /** Throws naming a bit set past the last slot, or the first word whose summary bit disagrees with it. */
    public void checkSummary(String level) {
        String problem = summaryProblem();
        if (problem != null) {
            throw Checks.state(level + ": " + problem);
        }
    }

    /**
     * {@return null if the bits past the last slot are clear and each summary bit tells whether its
     *     word is non-zero; else the first violation, in words} Allocates only on failure.
     */
    String summaryProblem() {
        if (numSlots < 64 && (words[0] & (-1L << numSlots)) != 0) {
            return "bits set past slot " + (numSlots - 1);
        }
        if (summary == null) {
            return null;
        }
        for (int w = 0; w < words.length; w++) {
            boolean marked = (summary[w >>> 6] & (1L << w)) != 0;
            if (marked != (words[w] != 0)) {
                return "summary bit of word " + w + " is " + marked;
            }
        }
        for (int s = 0; s < summary.length; s++) {
            int wordsCovered = Math.min(64, words.length - (s << 6));
            long valid = wordsCovered == 64 ? -1L : (1L << wordsCovered) - 1;
            if ((summary[s] & ~valid) != 0) {
                return "summary word " + s + " marks words past the end";
            }
        }
        return null;
    }
}
