// The second thread of a risk analysis's halves (riskkernels.h, SecondHalf): one helper thread
// for the process, which takes one task at a time and waits for the next between them; a task it
// has not begun when the first half is done is run by the thread that posted it.
#include "riskkernels.h"

#include <condition_variable>
#include <mutex>

namespace breakeven {

namespace {

class Helper
{
public:
    static Helper &instance()
    {
        static Helper helper;
        return helper;
    }

    // Posts a task and returns true, or returns false when the helper is taken (claimed by
    // another SecondHalf until its join).
    bool tryStart(void (*call)(const void *), const void *context, std::exception_ptr *failure)
    {
        if (m_claimed.exchange(true, std::memory_order_acquire))
            return false;
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_call = call;
            m_context = context;
            m_failure = failure;
            m_running = true;
        }
        m_wake.notify_one();
        return true;
    }

    // Waits for the posted task, then lets the helper be claimed again. A task the helper has not
    // begun yet (its core not given to it since) is taken back: run here when `runHere`, so that
    // a helper the machine has not scheduled holds nothing up, or dropped.
    void finish(bool runHere)
    {
        void (*call)(const void *) = nullptr;
        const void *context = nullptr;
        std::exception_ptr *failure = nullptr;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            if (m_running && !m_begun) {
                m_running = false;
                call = m_call;
                context = m_context;
                failure = m_failure;
            } else {
                m_done.wait(lock, [this] { return !m_running; });
            }
        }
        if (call && runHere) {
            try {
                call(context);
            } catch (...) {
                *failure = std::current_exception();
            }
        }
        m_claimed.store(false, std::memory_order_release);
    }

    // Whether the helper may begin a posted task (HelperHold).
    void hold(bool held)
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_held = held;
        }
        m_wake.notify_one();
    }

    Helper(const Helper &) = delete;
    Helper &operator=(const Helper &) = delete;

    ~Helper()
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_one();
        m_thread.join();
    }

private:
    Helper()
        : m_thread([this] { loop(); })
    {
    }

    void loop()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return (m_running && !m_held) || m_stop; });
            if (!m_running)
                return; // stopping, nothing posted
            m_begun = true;
            lock.unlock();
            try {
                m_call(m_context);
            } catch (...) {
                *m_failure = std::current_exception();
            }
            lock.lock();
            m_running = false;
            m_begun = false;
            m_done.notify_one();
        }
    }

    std::atomic<bool> m_claimed = false;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    void (*m_call)(const void *) = nullptr;
    const void *m_context = nullptr;
    std::exception_ptr *m_failure = nullptr;
    bool m_running = false; // a task posted and not yet done
    bool m_begun = false;   // the helper has taken it up
    bool m_held = false;    // HelperHold: the helper begins nothing
    bool m_stop = false;
    std::thread m_thread; // last: started once the rest is in place
};

} // namespace

HelperHold::HelperHold()
{
    Helper::instance().hold(true);
}

HelperHold::~HelperHold()
{
    release();
}

void HelperHold::release()
{
    if (m_released)
        return;
    m_released = true;
    Helper::instance().hold(false);
}

SecondHalf::SecondHalf(void (*call)(const void *), const void *context)
    : m_call(call)
    , m_context(context)
{
    m_onHelper = Helper::instance().tryStart(m_call, m_context, &m_failure);
    if (!m_onHelper)
        m_own = std::thread([this] {
            try {
                m_call(m_context);
            } catch (...) {
                m_failure = std::current_exception();
            }
        });
}

SecondHalf::~SecondHalf()
{
    wait(false); // the first half threw: a second half not begun is not run
}

void SecondHalf::wait(bool runHere)
{
    if (m_joined)
        return;
    m_joined = true;
    if (m_onHelper)
        Helper::instance().finish(runHere);
    else
        m_own.join();
}

void SecondHalf::join()
{
    wait(true);
    if (m_failure)
        std::rethrow_exception(m_failure);
}

} // namespace breakeven
