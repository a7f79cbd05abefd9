package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * One walk over an engine's nodes in delivery order, for {@link RadixEngine#forEachInOrder}.
 * Slots come in key order; a level 0 slot holds one key, so its list is already in order; a slot
 * above level 0 mixes keys, so its nodes are sorted by key, stably, keeping insertion order per key.
 */
final class InOrderWalk {
    private final Nodes nodes;
    private final RadixEngine.NodeVisitor visitor;
    private final int limit;
    private int visited;
    private int[] scratch = new int[16];
    private int[] buffer = new int[16];

    InOrderWalk(Nodes nodes, RadixEngine.NodeVisitor visitor, int limit) {
        this.nodes = nodes;
        this.visitor = visitor;
        this.limit = limit;
    }

    void walk(RadixEngine engine) {
        if (limit > 0) {
            engine.forEachSlotInOrder(this::visitSlot);
        }
    }

    private boolean visitSlot(int level, int head) {
        if (level == 0) {
            for (int e = head; e != Nodes.NIL && visited < limit; e = nodes.following(e)) {
                visit(e, nodes.key(e));
            }
            return visited < limit;
        }
        int n = 0;
        for (int e = head; e != Nodes.NIL; e = nodes.following(e)) {
            if (n == scratch.length) {
                scratch = Arrays.copyOf(scratch, 2 * n);
                buffer = new int[2 * n];
            }
            scratch[n++] = e;
        }
        sort(0, n);
        for (int i = 0; i < n && visited < limit; i++) {
            visit(scratch[i], nodes.key(scratch[i]));
        }
        return visited < limit;
    }

    private void visit(int e, long key) {
        visited++;
        visitor.visit(e, key);
    }

    /** Stable merge sort of {@code scratch[from, to)} by key. */
    private void sort(int from, int to) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        sort(from, mid);
        sort(mid, to);
        if (nodes.key(scratch[mid - 1]) <= nodes.key(scratch[mid])) {
            return; // already in order, the common case: most slots fill in key order
        }
        System.arraycopy(scratch, from, buffer, from, to - from);
        int i = from;
        int j = mid;
        for (int out = from; out < to; out++) {
            if (j == to || (i < mid && nodes.key(buffer[i]) <= nodes.key(buffer[j]))) {
                scratch[out] = buffer[i++];
            } else {
                scratch[out] = buffer[j++];
            }
        }
    }
}
