#include "sha256.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace breakeven {

struct Sha256::Context {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(context); }
};

Sha256::Sha256() : d(std::make_unique<Context>())
{
    if (!d->context || EVP_DigestInit_ex(d->context, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 is not available from libcrypto");
}

Sha256::~Sha256() = default;

void Sha256::add(QByteArrayView bytes)
{
    EVP_DigestUpdate(d->context, bytes.data(), std::size_t(bytes.size()));
}

QByteArray Sha256::hex()
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_DigestFinal_ex(d->context, digest, &size);
    return QByteArray(reinterpret_cast<const char *>(digest), int(size)).toHex();
}

} // namespace breakeven
