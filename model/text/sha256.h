// SHA-256 of a sheet as it streams past, through OpenSSL's libcrypto: it uses the processor's
// SHA instructions where there are any, about ten times the speed of QCryptographicHash, which
// would otherwise be the largest cost of reading a sheet.
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <memory>

namespace breakeven {

class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256 &) = delete;
    Sha256 &operator=(const Sha256 &) = delete;

    void add(QByteArrayView bytes);
    // Lower-case hex of the digest of everything added; the hash cannot be added to afterwards.
    QByteArray hex();

private:
    struct Context;
    std::unique_ptr<Context> d;
};

} // namespace breakeven
