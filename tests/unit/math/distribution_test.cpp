// The distribution families against closed forms computed here with <cmath> (an independent
// oracle: erfc, exp, log, binomial sums), quantile as the inverse of cdf, discrete quantiles as
// the smallest k with cdf k ≥ p, and the parameter checks.
#include "math/distribution.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bpl::math {
namespace {

constexpr double PI = 3.14159265358979323846;

Distribution dist(Family f, double a = 0, double b = 0) { return Distribution{f, {a, b}}; }

TEST(Distribution, TableNamesEveryFamilyOnce) {
    int n = 0;
    for (int i = 0; i <= static_cast<int>(Family::Weibull); i++) {
        const FamilyRow& row = family_row(static_cast<Family>(i));
        EXPECT_EQ(static_cast<int>(row.family), i);
        EXPECT_EQ(family_named(row.name), row.family);
        n++;
    }
    EXPECT_EQ(n, 17);
    EXPECT_FALSE(family_named("normale"));
}

TEST(Distribution, ContinuousClosedForms) {
    for (double x : {-3.5, -1.0, -0.25, 0.0, 0.5, 1.0, 2.75}) {
        double z = (x - 1) / 2;
        EXPECT_NEAR(cdf(dist(Family::Normal, 1, 2), x), 0.5 * std::erfc(-z / std::sqrt(2.0)), 1e-15);
        EXPECT_NEAR(density(dist(Family::Normal, 1, 2), x), std::exp(-z * z / 2) / (2 * std::sqrt(2 * PI)), 1e-15);
        EXPECT_NEAR(cdf(dist(Family::Cauchy, 1, 2), x), 0.5 + std::atan(z) / PI, 1e-15);
        EXPECT_NEAR(cdf(dist(Family::Logistic, 1, 2), x), 1 / (1 + std::exp(-z)), 1e-15);
        double lap = x < 1 ? 0.5 * std::exp(z) : 1 - 0.5 * std::exp(-z);
        EXPECT_NEAR(cdf(dist(Family::Laplace, 1, 2), x), lap, 1e-15);
        if (x > 0) {
            EXPECT_NEAR(cdf(dist(Family::Exponential, 1.5), x), 1 - std::exp(-1.5 * x), 1e-15);
            EXPECT_NEAR(cdf(dist(Family::Weibull, 1.5, 2), x), 1 - std::exp(-std::pow(x / 2, 1.5)), 1e-15);
            EXPECT_NEAR(cdf(dist(Family::LogNormal, 0.5, 2), x),
                        0.5 * std::erfc(-(std::log(x) - 0.5) / (2 * std::sqrt(2.0))), 1e-15);
            // Gamma(2, θ=3): 1 − (1 + x/3)e^(−x/3); χ²₄ is Gamma(2, 2)
            EXPECT_NEAR(cdf(dist(Family::Gamma, 2, 3), x), 1 - (1 + x / 3) * std::exp(-x / 3), 1e-14);
            EXPECT_NEAR(cdf(dist(Family::ChiSquared, 4), x), 1 - (1 + x / 2) * std::exp(-x / 2), 1e-14);
            // InvGamma(1, β): e^(−β/x)
            EXPECT_NEAR(cdf(dist(Family::InverseGamma, 1, 3), x), std::exp(-3 / x), 1e-15);
            // F(2, 2): x ÷ (1 + x)
            EXPECT_NEAR(cdf(dist(Family::Fisher, 2, 2), x), x / (1 + x), 1e-14);
        }
        // Student t₂: ½ + x ÷ 2√(2 + x²)
        EXPECT_NEAR(cdf(dist(Family::Student, 2), x), 0.5 + x / (2 * std::sqrt(2 + x * x)), 1e-14);
    }
    // Beta(2, 3): cdf 6x² − 8x³ + 3x⁴ (from the integral of 12x(1 − x)²)
    for (double x : {0.1, 0.3, 0.5, 0.9})
        EXPECT_NEAR(cdf(dist(Family::Beta, 2, 3), x), 6 * x * x - 8 * x * x * x + 3 * x * x * x * x, 1e-14);
}

TEST(Distribution, QuantileInvertsCdf) {
    const Distribution ds[] = {dist(Family::Normal, 1, 2),   dist(Family::Uniform, -1, 3),
                               dist(Family::Beta, 0.5, 2),   dist(Family::Gamma, 0.7, 2),
                               dist(Family::InverseGamma, 3, 2), dist(Family::Exponential, 4),
                               dist(Family::ChiSquared, 3),  dist(Family::Student, 5),
                               dist(Family::Fisher, 3, 7),   dist(Family::Cauchy, 0, 1),
                               dist(Family::Laplace, 2, 1),  dist(Family::Logistic, 0, 3),
                               dist(Family::LogNormal, 0, 1), dist(Family::Weibull, 2, 3)};
    for (const Distribution& d : ds)
        for (double p : {1e-6, 0.01, 0.25, 0.5, 0.8, 0.999}) {
            double q = quantile(d, p);
            EXPECT_NEAR(cdf(d, q), p, 1e-9 * std::max(1.0, p)) << family_row(d.family).name << " " << p;
        }
}

TEST(Distribution, DiscreteMassesAndQuantiles) {
    // binomial(10, 0.3): C(10,k) 0.3^k 0.7^(10−k); poisson(2.5): 2.5^k e^−2.5 ÷ k!
    double binom = 0, pois = 0, choose = 1, fact = 1;
    for (int k = 0; k <= 10; k++) {
        if (k > 0) {
            choose = choose * (10 - k + 1) / k;
            fact *= k;
        }
        double mb = choose * std::pow(0.3, k) * std::pow(0.7, 10 - k);
        double mp = std::pow(2.5, k) * std::exp(-2.5) / fact;
        binom += mb;
        pois += mp;
        EXPECT_NEAR(density(dist(Family::Binomial, 10, 0.3), k), mb, 1e-15);
        EXPECT_NEAR(density(dist(Family::Poisson, 2.5), k), mp, 1e-15);
        EXPECT_NEAR(cdf(dist(Family::Binomial, 10, 0.3), k + 0.5), binom, 1e-14);
        EXPECT_NEAR(cdf(dist(Family::Poisson, 2.5), k), pois, 1e-14);
        EXPECT_EQ(density(dist(Family::Binomial, 10, 0.3), k + 0.5), 0);
    }
    // the smallest k with cdf k ≥ p, including p exactly at a step
    Distribution b = dist(Family::Binomial, 2, 0.5);
    EXPECT_EQ(quantile(b, 0.25), 0);
    EXPECT_EQ(quantile(b, 0.2500001), 1);
    EXPECT_EQ(quantile(b, 0.75), 1);
    EXPECT_EQ(quantile(b, 1), 2);
    EXPECT_EQ(quantile(dist(Family::Poisson, 2), 1), INFINITY);
    EXPECT_EQ(quantile(dist(Family::Bernoulli, 0.3), 0.7), 0);
    EXPECT_EQ(quantile(dist(Family::Bernoulli, 0.3), 0.71), 1);
    EXPECT_TRUE(std::isnan(quantile(b, 1.5)));
}

TEST(Distribution, ParameterChecks) {
    EXPECT_EQ(invalid_parameters(dist(Family::Normal, 0, 1)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Normal, 0, 0)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Normal, INFINITY, 1)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Uniform, 1, 1)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Uniform, -1e308, 1e308)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Binomial, 2.5, 0.5)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Binomial, 2, 1.5)), nullptr);
    EXPECT_EQ(invalid_parameters(dist(Family::Poisson, 0)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Poisson, -1)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Gamma, 1, 0)), nullptr);
    EXPECT_NE(invalid_parameters(dist(Family::Normal, NAN, 1)), nullptr);
}

} // namespace
} // namespace bpl::math
