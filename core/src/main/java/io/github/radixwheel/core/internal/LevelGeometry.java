package io.github.radixwheel.core.internal;

import io.github.radixwheel.core.LevelBits;

/**
 * Which keys each level holds for the current minimum allowed key {@code k}.
 *
 * <p>Level ranges are contiguous and disjoint: level 0 holds {@code [k, end(0)]} and level
 * {@code i >= 1} holds {@code [end(i-1) + 1, end(i)]}. Every level but the last ends where the
 * aligned block of {@code 2^B_i} keys containing its start ends, so its slots never wrap and a
 * slot of level {@code i} moves down as a whole once the minimum reaches it. The last level holds
 * {@code 2^B_(L-1)} keys from its start (saturating), so {@link #maxAllowedKey()} is the
 * reference design's {@code M_(L-1)}; its slots form a ring. A level whose predecessor ends at {@link Long#MAX_VALUE}
 * is empty.
 *
 * <p>Keeping a key's elements in exactly one slot, rather than letting ranges overlap as the
 * reference design does, is what keeps delivery in (key, insertion) order without sequence numbers.
 */
final class LevelGeometry {
    final int numLevels;
    final int top;
    /** {@code B_(i-1)}: the key bits below level {@code i}'s slot index (0 for level 0). */
    final int[] shift;
    /** {@code 2^b_i - 1}. */
    final long[] slotMask;
    /** {@code B_i}. */
    final int[] blockBits;
    /**
     * Per level a row of {@link #ROW} ints for placing a key: {@code B_(i-1)} ({@link #SHIFT}),
     * {@code 2^b_i - 1} ({@link #MASK}) and the index of its slot 0 among the slots of all levels
     * ({@link #FIRST_SLOT}): one array, so that placing checks one array's bounds rather than three.
     */
    private final int[] placeTable;
    private static final int ROW = 4;
    private static final int SHIFT = 0;
    private static final int MASK = 1;
    private static final int FIRST_SLOT = 2;
    /** The number of slots of all levels: the number of sentinels the nodes need. */
    final int slotCount;
    /** The greatest key of each level for the current minimum; written only by the methods below. */
    final long[] end;
    /** The minimum allowed key; written only by the methods below. */
    long min;
    /** {@code end[top]}, the greatest allowed key, as a field for the range check of every insertion. */
    long maxKey;

    LevelGeometry(LevelBits levelBits) {
        numLevels = levelBits.numLevels();
        top = numLevels - 1;
        shift = new int[numLevels];
        slotMask = new long[numLevels];
        blockBits = new int[numLevels];
        end = new long[numLevels];
        placeTable = new int[ROW * numLevels];
        int sum = 0;
        int slots = 0; // at most 63 levels of 2^24 slots (RadixEngine.MAX_LEVEL_BITS)
        for (int i = 0; i < numLevels; i++) {
            shift[i] = sum;
            sum += levelBits.bits(i);
            blockBits[i] = sum;
            slotMask[i] = (1L << levelBits.bits(i)) - 1;
            placeTable[ROW * i + SHIFT] = shift[i];
            placeTable[ROW * i + MASK] = (int) slotMask[i];
            placeTable[ROW * i + FIRST_SLOT] = slots;
            slots += (int) slotMask[i] + 1;
        }
        slotCount = slots;
        reset(0);
    }

    /** Sets the minimum and recomputes every level's range; allocates nothing. */
    void reset(long k) {
        min = k;
        fillEnds(k, end);
        maxKey = end[top];
    }

    /**
     * Moves the minimum to {@code k}, which lies in level 0's range, when level 0 is not the top:
     * its range ends at its block's end whatever the minimum, so no level's range changes.
     */
    void setMinInLevel0(long k) {
        min = k;
    }

    /**
     * Moves the minimum to {@code k} and sets level 0's end for it; the caller then moves each
     * higher level's end with {@link #setEndAfter}, from level 1 up.
     *
     * @return level 0's new end
     */
    long setMin(long k) {
        min = k;
        long end0 = end[0] = endOf(0, k);
        if (top == 0) {
            maxKey = end0;
        }
        return end0;
    }

    /**
     * Sets level {@code i}'s end for level {@code i - 1} ending at {@code prevEnd}.
     *
     * @return the new end
     */
    long setEndAfter(int i, long prevEnd) {
        long e = end[i] = endAfter(i, prevEnd);
        if (i == top) {
            maxKey = e;
        }
        return e;
    }

    private void fillEnds(long k, long[] ends) {
        ends[0] = endOf(0, k);
        for (int i = 1; i < numLevels; i++) {
            ends[i] = endAfter(i, ends[i - 1]);
        }
    }

    /** The greatest key of level {@code i} when level {@code i - 1} ends at {@code prevEnd}. */
    long endAfter(int i, long prevEnd) {
        return prevEnd == Long.MAX_VALUE ? Long.MAX_VALUE : endOf(i, prevEnd + 1);
    }

    /** The greatest key of level {@code i} when it starts at {@code start}. */
    long endOf(int i, long start) {
        return i == top
                ? Checks.saturatedAdd(start, lowMask(blockBits[i]))
                : start | lowMask(blockBits[i]);
    }

    long maxAllowedKey() {
        return maxKey;
    }

    /** The least key of level {@code i}; meaningful only if the level's range is non-empty. */
    long start(int i) {
        return i == 0 ? min : end[i - 1] + 1;
    }

    /** The level that holds {@code key}, for {@code min <= key <= maxAllowedKey()}. */
    int levelOf(long key) {
        int i = 0;
        while (key > end[i]) {
            i++;
        }
        return i;
    }

    /** {@link #slotOf}, from the placing table. */
    int placeSlot(int level, long key) {
        int[] t = placeTable;
        return (int) (key >>> t[ROW * level + SHIFT]) & t[ROW * level + MASK];
    }

    /** The index of slot {@code slot} of {@code level} among the slots of all levels. */
    int globalSlot(int level, int slot) {
        return placeTable[ROW * level + FIRST_SLOT] + slot;
    }

    int slotOf(int level, long key) {
        return (int) ((key >>> shift[level]) & slotMask[level]);
    }

    /** The least key that slot {@code slot} of {@code level} can hold in the level's current range. */
    long slotStart(int level, int slot) {
        long start = start(level);
        long key = (start & ~lowMask(blockBits[level])) | ((long) slot << shift[level]);
        // Only the last level wraps; then its early slots hold the next block's keys.
        return slot < slotOf(level, start) ? key + (1L << blockBits[level]) : key;
    }

    /** {@code 2^bits - 1} for {@code 1 <= bits <= 63}. */
    static long lowMask(int bits) {
        return -1L >>> (64 - bits);
    }
}
