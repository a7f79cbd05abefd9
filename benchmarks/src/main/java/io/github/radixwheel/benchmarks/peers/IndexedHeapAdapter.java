package io.github.radixwheel.benchmarks.peers;

import it.unimi.dsi.fastutil.longs.LongHeapIndirectPriorityQueue;

/**
 * fastutil's indexed binary heap {@link LongHeapIndirectPriorityQueue}: deadlines live in a
 * {@code long[]} indexed by slot, the heap holds slot indices and keeps an inverse index, so every
 * operation is O(log n) and nothing is allocated.
 *
 * <p><b>Driving it.</b> {@link #schedule} stores the deadline and {@code enqueue(slot)};
 * {@link #cancel} is {@code remove(slot)}; {@link #reschedule} stores the new deadline and calls
 * {@code changed(slot)}; {@link #advanceTo} dequeues while the first deadline is {@code <= now}
 * (exact); {@link #nextExpiry} is the deadline of {@code first()}, exact and O(1).
 *
 * <p><b>Capacity</b> is fixed at construction: the heap sizes its inverse index from the deadline
 * array it is given, so it cannot grow without being rebuilt. {@link #schedule} throws
 * {@link IllegalStateException} beyond it.
 */
public final class IndexedHeapAdapter extends VirtualClockAdapter {
    private final long[] deadlines;
    private final LongHeapIndirectPriorityQueue heap;
    private final IdSlots<Void> slots;

    /**
     * @param capacity the most timers ever pending at once
     * @param listener receives each fired timer
     */
    public IndexedHeapAdapter(int capacity, Listener listener) {
        super(listener);
        this.deadlines = new long[capacity];
        this.heap = new LongHeapIndirectPriorityQueue(deadlines, capacity);
        this.slots = new IdSlots<>(capacity, capacity);
    }

    @Override
    public String name() {
        return "fastutil LongHeapIndirectPriorityQueue";
    }

    @Override
    public long schedule(long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.allocate();
        deadlines[slot] = deadline;
        heap.enqueue(slot);
        return slots.id(slot);
    }

    @Override
    public boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        heap.remove(slot);
        slots.release(slot);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        deadlines[slot] = deadline;
        heap.changed(slot);
        return true;
    }

    @Override
    protected void fireDue(long now) {
        while (!heap.isEmpty() && deadlines[heap.first()] <= now) {
            fired(slots.release(heap.dequeue()));
        }
    }

    @Override
    public long nextExpiry() {
        return heap.isEmpty() ? Long.MAX_VALUE : deadlines[heap.first()];
    }

    @Override
    public int size() {
        return heap.size();
    }
}
