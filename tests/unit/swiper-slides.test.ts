import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import { describe, expect, it } from 'vitest'
import { SwiperSlides, type Slide } from '~/components/content/swiper-slides'

// The server writes Swiper's markup itself (app/components/content/swiper-slides.tsx); the browser hydrates it with
// the real Swiper, whose first render must give exactly the same markup, or React would redraw the slides. Swiper's
// own server render is that first render: the two are compared here, with the props of the home page's slider and
// carousels, so a Swiper upgrade that changes its markup fails this test.

const slides = (count: number, className?: string): Slide[] =>
  Array.from({ length: count }, (_, index) => ({
    key: index + 1,
    className,
    content: h('p', null, `Isi <${index + 1}> & "kutip"`),
  }))

const real = (props: Record<string, unknown>, list: Slide[]) =>
  renderToString(
    h(
      Swiper,
      props as never,
      list.map((slide) => h(SwiperSlide, { key: slide.key, className: slide.className }, slide.content)),
    ),
  )
const ours = (props: Record<string, unknown>, list: Slide[]) =>
  renderToString(h(SwiperSlides, { ...(props as { className: string }), slides: list }))

describe('SwiperSlides on the server', () => {
  it("writes exactly the real Swiper's markup for the home slider and the carousels", () => {
    expect(typeof document).toBe('undefined')
    const slider = {
      className: 'home-slider',
      modules: [A11y, Autoplay, Navigation, Pagination],
      loop: true,
      autoplay: { delay: 5000, disableOnInteraction: false, pauseOnMouseEnter: true },
      navigation: { prevEl: '#home-slider-prev', nextEl: '#home-slider-next' },
      pagination: { el: '#home-slider-dots', clickable: true, bulletElement: 'button' },
      a11y: { prevSlideMessage: 'Slide sebelumnya', slideLabelMessage: '{{index}} dari {{slidesLength}}' },
    }
    const carousel = (count: number) => ({
      className: 'home-carousel',
      modules: [A11y, Navigation],
      loop: count > 5,
      rewind: count <= 5,
      slidesPerView: 1.2,
      spaceBetween: 16,
      breakpoints: { 768: { slidesPerView: 4, spaceBetween: 24 } },
      navigation: { prevEl: '#produk-carousel-prev', nextEl: '#produk-carousel-next' },
    })
    for (const [props, list] of [
      [slider, slides(3)],
      [slider, slides(1)],
      [carousel(8), slides(8, '!h-auto pb-1')],
      [carousel(2), slides(2, '!h-auto pb-1')],
      [carousel(0), []],
    ] as const) {
      const expected = real(props, [...list])
      if (list.length) expect(expected).toContain('swiper-slide')
      expect(ours(props, [...list])).toBe(expected)
    }
  })
})
