import type { Key, ReactNode } from 'react'
import { Swiper, SwiperSlide, type SwiperProps } from 'swiper/react'

export type Slide = { key: Key; className?: string; content: ReactNode }

/**
 * A Swiper whose server render is its markup alone. Swiper's React component builds a whole Swiper instance on
 * every render, the server's too (merging its defaults and its modules' parameters), where it only ever draws this
 * markup: 16% of an uncached home page's CPU (docs/performance.md). The server writes the same markup itself, and the
 * browser's first render of the real Swiper hydrates it unchanged (tests/unit/swiper-slides.test.tsx holds the two
 * together).
 */
export function SwiperSlides({
  className,
  slides,
  ...props
}: Omit<SwiperProps, 'children' | 'className'> & { className: string; slides: Slide[] }) {
  if (typeof document === 'undefined') {
    return (
      <div className={`swiper ${className}`}>
        <div className="swiper-wrapper">
          {slides.map((slide) => (
            <div key={slide.key} className={slide.className ? `swiper-slide ${slide.className}` : 'swiper-slide'}>
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    )
  }
  return (
    <Swiper className={className} {...props}>
      {slides.map((slide) => (
        <SwiperSlide key={slide.key} className={slide.className}>
          {slide.content}
        </SwiperSlide>
      ))}
    </Swiper>
  )
}
