// A bounded queue of batches between two threads: the import reads and validates a sheet on one
// thread while it writes the offers on the other. The queue holds at most a few batches, so
// memory stays flat however long the sheet; cancel() releases a producer waiting for room.
// Consumed batches go back to the producer to be filled again, so that their memory is reused
// instead of being freed on one thread and allocated again on the other.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <utility>

namespace breakeven {

template <typename Batch> class BatchQueue {
public:
    explicit BatchQueue(std::size_t capacity) : m_capacity(capacity) { }

    // Waits for room; false when the consumer has cancelled (the batch is dropped).
    bool push(Batch &&batch)
    {
        std::unique_lock lock(m_mutex);
        m_room.wait(lock, [&] { return m_cancelled || m_batches.size() < m_capacity; });
        if (m_cancelled)
            return false;
        m_batches.push_back(std::move(batch));
        m_ready.notify_one();
        return true;
    }

    // Waits for the next batch.
    Batch pop()
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [&] { return !m_batches.empty(); });
        Batch batch = std::move(m_batches.front());
        m_batches.pop_front();
        m_room.notify_one();
        return batch;
    }

    // The consumer hands back a batch it is done with; the producer takes it to fill again.
    void recycle(Batch &&batch)
    {
        std::lock_guard lock(m_mutex);
        if (m_spare.size() < m_capacity)
            m_spare.push_back(std::move(batch));
    }
    bool reuse(Batch &batch)
    {
        std::lock_guard lock(m_mutex);
        if (m_spare.empty())
            return false;
        batch = std::move(m_spare.back());
        m_spare.pop_back();
        return true;
    }

    // The consumer stops taking batches: pending ones are dropped, push() returns false.
    void cancel()
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = true;
        m_batches.clear();
        m_room.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::condition_variable m_room;
    std::deque<Batch> m_batches;
    std::deque<Batch> m_spare;
    std::size_t m_capacity;
    bool m_cancelled = false;
};

} // namespace breakeven
